import { describe, test } from 'vitest'
import { expectNeverHeld, silentCasesOf } from '#harness/__test-helpers__/silent-system-cases.ts'

// A standing test of "held is a claim of evidence": implementations that do nothing useful — every call answered with
// an error, the emptiest well-formed answers, a crash at setup, a client that prints nothing — must never be `held` on
// any bundled scenario of their port, in process or over their process transport. This file: the session client, in
// process and as the commands `true` and `false` (a process a scenario, as a client CLI is run, against the kit's
// HTTP/2 server), and the snapshotter (in process only). The tests run one after another: their work is the kit's own,
// in this process (starting a process, reading /proc for what it started, serving HTTP/2): side by side they only took
// turns, each test four times slower and the file no faster (measured). The other ports have files of their own
// (silent-systems-pager, -tool-output, -agent-log), so that they run side by side on two workers.

const cases = (['session-client', 'snapshotter'] as const).flatMap(silentCasesOf)

describe('silent implementations are never held', () => {
  test.for(cases.map((c) => [c.adapter.name, c] as const))('%s: no run held on any bundled scenario of its port', { timeout: 300_000 }, async ([, c], { expect }) => {
    await expectNeverHeld(c, expect)
  })
})
