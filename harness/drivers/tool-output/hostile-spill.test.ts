import { afterAll, describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { linkSync, truncateSync, unlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { ToolOutputPort } from '#harness/ports/tool-output-port.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { loadScenarioFile } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { createToolOutput } from '#fixtures/systems/tool-output/create-tool-output.ts'

// A tool that leaves something other than its spill file where the kit reads it back: the run ends at once, with the
// reason in its History — never a worker blocked in open(2) on a pipe. A test that would hang fails at 10 s.
const loaded = await loadScenarioFile(join(scenarioRoot, 'regressions/plat-200/oversized-snapshot-spilled.yaml'), scenarioRoot)
const pool = new ConnectionPool()
afterAll(() => pool.closeAll())
const fast = { timeout: 10_000 }

/** The reference tool, which then replaces its spill file with what `plant` puts at its path. */
function replacingSpill(name: string, plant: (spillPath: string) => void): Promise<RunOutcome> {
  const reference = createToolOutput()
  const tool: ToolOutputPort = {
    async run(request) {
      const result = await reference.run(request)
      if (result.spillPath !== null) {
        unlinkSync(result.spillPath)
        plant(result.spillPath)
      }
      return result
    },
  }
  const adapter = createInProcessAdapter({ name, create: () => ({ name, ports: { 'tool-output': tool } }), timeoutMs: 5_000 })
  return replayScenario(loaded, { adapter, pool, expectations: [] })
}

const notes = (outcome: RunOutcome, what: string) => (outcome.history?.events ?? []).flatMap((e) => (e.type === 'note' && e.what === what ? [e.value as Record<string, unknown>] : []))
const contract = (outcome: RunOutcome, id: string) => outcome.contracts.find((c) => c.id === id)

describe('the tool-output driver reads what a tool leaves defensively', () => {
  test('a named pipe (FIFO) as the spill file: the run ends `error`, naming it, and its History keeps why', fast, async () => {
    const outcome = await replacingSpill('leaves-a-fifo', (path) => execFileSync('mkfifo', [path]))
    expect(outcome.verdict).toBe('error')
    expect(outcome.error?.message).toMatch(/^protocol: the implementation left a named pipe \(FIFO\) in its sandbox: "tool_output_folder\/snapshot-[0-9a-f]{16}\.txt"; the kit reads only regular files/)
    expect(notes(outcome, 'sandbox')[0]?.refused).toEqual([{ path: expect.stringMatching(/^tool_output_folder\/snapshot-/), reason: 'a named pipe (FIFO), not a regular file: never read' }])
    expect(notes(outcome, 'recovery')[0]).toMatchObject({ ok: false, finding: { kind: 'refused', reason: expect.stringContaining('a named pipe (FIFO)') } })
    expect(notes(outcome, 'stopped: the adapter failed')[0]).toMatchObject({ failure: 'protocol', message: expect.stringContaining('named pipe (FIFO)') })
  })

  test('a hard link inside the grant to the decoy outside it: read back refused, the decoy counted as changed', fast, async () => {
    const outcome = await replacingSpill('links-the-decoy', (path) => linkSync(join(dirname(path), '..', 'outside', 'decoy.txt'), path))
    expect(outcome.verdict).toBe('broken')
    expect(contract(outcome, 'recovery/spill-roundtrip')).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^the recovery command was refused: the path is a regular file with 2 links \(a hard link/) })
    expect(contract(outcome, 'security/spill-confined')).toMatchObject({ verdict: 'broken', message: expect.stringContaining('outside/decoy.txt') })
    expect(JSON.stringify(outcome)).not.toContain('never written, never read back')
  })

  test('a spill file over 64 MiB (sparse): read back refused unread, with its size', fast, async () => {
    const outcome = await replacingSpill('spills-too-much', (path) => {
      execFileSync('touch', [path])
      truncateSync(path, 64 * 1024 * 1024 + 1)
    })
    expect(contract(outcome, 'recovery/spill-roundtrip')).toMatchObject({ verdict: 'broken', message: expect.stringContaining(`a file of ${64 * 1024 * 1024 + 1} bytes, over the ${64 * 1024 * 1024} bytes the kit reads back`) })
  })
})
