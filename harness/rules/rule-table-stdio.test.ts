import { describe, test } from 'vitest'
import { expectMutantBreaksOwner, judgesTime, rowsOf } from '#harness/__test-helpers__/rule-table-rows.ts'
import { atMost } from '#harness/__test-helpers__/at-most.ts'

// rule-table.test.ts's proof for the rules of the stdio transport: each mutant is a program (`stdio:` and a command
// line) with one transport fault, so each row starts a process of its own — for a pager mutant, a proxy in front of
// the reference pager, a second process. A fault ends its run with an adapter failure (protocol, handshake, crashed…)
// decided by what the program wrote, never by the clock, and each row has its own process and connection: those rows
// run side by side, three at a time (most of a row is waiting on its processes). The rule about answering in time
// (adapter:timeout, a 2 s limit) is judged by the clock: it runs first, alone.

const rows = rowsOf('stdio')
const gate = atMost(3)

describe('the rule table of docs/contracts.md', () => {
  test.for(rows.filter(([, row]) => judgesTime(row)))('%s: its owner judges it in the scenarios named, and its mutant breaks it', { timeout: 300_000 }, async ([, row], { expect }) => {
    await expectMutantBreaksOwner(row, expect)
  })
  test.concurrent.for(rows.filter(([, row]) => !judgesTime(row)))('%s: its owner judges it in the scenarios named, and its mutant breaks it', { timeout: 300_000 }, async ([, row], { expect }) => {
    await gate(() => expectMutantBreaksOwner(row, expect))
  })
})
