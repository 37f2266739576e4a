import { describe, test } from 'vitest'
import { expectMutantBreaksOwner, rowsOf } from '#harness/__test-helpers__/rule-table-rows.ts'

// rule-table.test.ts's proof for the session client's rules (session-client.*, session-protocol.*): each mutant is a
// client in the kit's process against the kit's HTTP/2 server on loopback, which serves each scenario's frames, cuts,
// GOAWAYs, failed and hung reads on the real clock. Its rules are about deadlines, back-offs and tries cut short, so
// a verdict depends on time (a hung first try is abandoned only at the scenario's deadline, about 10 s): the rows run
// one after another, with nothing else of this file beside them.

describe('the rule table of docs/contracts.md', () => {
  test.for(rowsOf('session-client'))('%s: its owner judges it in the scenarios named, and its mutant breaks it', { timeout: 300_000 }, async ([, row], { expect }) => {
    await expectMutantBreaksOwner(row, expect)
  })
})
