/** The kit's pager contracts, checked on our pager: one vitest test per bundled pager scenario. */
import { createInProcessAdapter } from 'contract-kit'
import { contractSuite } from 'contract-kit/vitest'
import { createPager } from './src/pager.ts'

// PAGER_MUTANT=limit-ignored swaps in the pager's deliberate fault, to see a contract break (src/pager.ts)
const pager = createInProcessAdapter({
  name: 'my-pager',
  create: () => ({ name: 'my-pager', ports: { pager: createPager({ mutant: process.env.PAGER_MUTANT }) } }),
})

await contractSuite({
  adapters: [pager],
  // the pager scenarios and the regressions of the bug the pager port comes from (docs/bugs.md#analysis-result-budget)
  bundled: ['pager/**', 'regressions/analysis-result-budget/**'],
})
