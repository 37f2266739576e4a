import { describe, test } from 'vitest'
import { expectNeverHeld, silentCasesOf } from '#harness/__test-helpers__/silent-system-cases.ts'
import { atMost } from '#harness/__test-helpers__/at-most.ts'

// silent-systems.test.ts's proof for the agent log: its silent systems never `held` on any bundled agent-log scenario,
// in process and over stdio. The driver runs an agent log as a process of its own in a sandbox, kills it with SIGKILL
// and restarts it as the steps say, so a scenario starts one process or more (the compiled kit's server, node, dist/)
// beside the one the connection pool opens — 23 a system — and the program that crashes at its first call is one a
// scenario. Nothing here judges time, each run has its own sandbox, and each test its own adapter and connection, so
// the tests run side by side, three at a time.

const gate = atMost(3)

describe.concurrent('silent implementations are never held', () => {
  test.for(silentCasesOf('agent-log').map((c) => [c.adapter.name, c] as const))('%s: no run held on any bundled scenario of its port', { timeout: 300_000 }, async ([, c], { expect }) => {
    await gate(() => expectNeverHeld(c, expect))
  })
})
