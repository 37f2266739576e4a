/**
 * `contract-kit/vitest`: the contract suite inside your own vitest project — `contractSuite` declares your adapters ×
 * the kit's scenarios and your own as tests, and `ContractReporter` writes the kit's reports of them.
 */
export { contractSuite, type ContractSuiteOptions } from '#harness/api/contract-suite.ts'
export { KitReporter as ContractReporter } from '#harness/reporters/kit-reporter.ts'
