import { defineContractSuite } from '#harness/suite/define-contract-suite.ts'

await defineContractSuite('timing-bound')
