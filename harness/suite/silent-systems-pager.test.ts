import { describe, test } from 'vitest'
import { expectNeverHeld, silentCasesOf } from '#harness/__test-helpers__/silent-system-cases.ts'
import { atMost } from '#harness/__test-helpers__/at-most.ts'

// silent-systems.test.ts's proof for the pager: its silent systems never `held` on any bundled pager scenario, in
// process and over stdio. Over stdio each is a process of the compiled kit's server (node, dist/), and the one that
// crashes at its first call is a process a scenario (it exits at setup); the erroring one is one a scenario too, since
// the kit discards a process after any failure of a run (harness/runner/replay-scenario.ts) and its setup always
// fails. Nothing here judges time, and each test has its own adapter and connection, so the tests run side by side,
// three at a time.

const gate = atMost(3)

describe.concurrent('silent implementations are never held', () => {
  test.for(silentCasesOf('pager').map((c) => [c.adapter.name, c] as const))('%s: no run held on any bundled scenario of its port', { timeout: 300_000 }, async ([, c], { expect }) => {
    await gate(() => expectNeverHeld(c, expect))
  })
})
