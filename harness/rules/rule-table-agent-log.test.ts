import { describe, test } from 'vitest'
import { expectMutantBreaksOwner, rowsOf } from '#harness/__test-helpers__/rule-table-rows.ts'
import { atMost } from '#harness/__test-helpers__/at-most.ts'

// rule-table.test.ts's proof for the agent log's rules: each mutant runs over stdio (the compiled kit's server), where
// the kit can kill it with SIGKILL and restart it on the same store, in a sandbox of its own with HOME, TMPDIR and the
// XDG folders watched — a process a start and restart, beside the one its connection opens. No agent-log rule is
// judged by the clock, each run has its own sandbox and each row its own processes, so the rows run side by side,
// three at a time (most of a row is waiting on its processes: their starts, their stores' commits).

const gate = atMost(3)

describe('the rule table of docs/contracts.md', () => {
  test.concurrent.for(rowsOf('agent-log'))('%s: its owner judges it in the scenarios named, and its mutant breaks it', { timeout: 300_000 }, async ([, row], { expect }) => {
    await gate(() => expectMutantBreaksOwner(row, expect))
  })
})
