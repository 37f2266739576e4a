import { defineConfig } from 'vitest/config'
import { ContractReporter } from 'contract-kit/vitest'

/** Vitest's own report in the terminal, and the kit's results.json, junit.xml and summary.md in reports/. */
export default defineConfig({
  test: {
    include: ['*.test.ts'],
    testTimeout: 60_000,
    reporters: ['default', new ContractReporter('reports')],
  },
})
