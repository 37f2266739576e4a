import { afterAll, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems()

// A view limit shorter than the prompt cuts the prompt too. docs/session-client-port.md: the transcript shows each
// message "whole when it was read whole, else the view's text", and only an assistant message that stays cut gets a
// `[reply cut: …]` line. The kit once expected every prompt whole, and counted the cut prompt's marker as the reply's:
// the reference, which prints the prompt as the view shows it, broke output/form-exact and recovery/reply-read-whole.

const folder = mkdtempSync(join(tmpdir(), 'contract-kit-cut-prompt-'))
const pool = new ConnectionPool()
afterAll(async () => {
  await pool.closeAll()
  rmSync(folder, { recursive: true, force: true })
})

describe('a prompt the view cut, in a text transcript', () => {
  test('the reference, printing the prompt as the view shows it, holds every contract the scenario exercises', async () => {
    mkdirSync(join(folder, 'session-client'))
    writeFileSync(join(folder, 'session-client', 'cut-prompt.yaml'), 'port: session-client\ntitle: "A view limit of 6 bytes cuts the prompt too"\ngiven:\n  reply: short\n  viewLimitBytes: 6\n  output: text\n')
    const [loaded] = await loadScenarios(folder)
    const outcome = await replayScenario(loaded!, { adapter: resolveAdapter('session-client/reference'), pool, expectations: [], noExpectations: true })
    const notHeld = outcome.contracts.filter((c) => c.verdict !== 'held' && c.verdict !== 'not-applicable').map((c) => `${c.id} ${c.verdict}: ${'message' in c ? c.message : 'reason' in c ? c.reason : ''}`)
    expect(notHeld).toEqual([])
    expect(outcome.contracts.find((c) => c.id === 'output/form-exact')?.verdict).toBe('held')
  })
})
