import { accessSync, constants } from 'node:fs'
import type { History } from '#harness/history/history.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { maxGeneratedTurns, scenarioSchema } from '#harness/scenario/scenario-schema.ts'
import { exercisesOf } from '#harness/scenario/load-scenarios.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { recordScenario } from '#harness/runner/replay-scenario.ts'
import type { ScalingFamily } from '#harness/bench/scaling-families.ts'

/** A History recorded for the scaling section, and how long recording it took (ms). */
export interface ScalingHistory {
  size: number
  history: History
  recordMs: number
  /** The temporary folder the driver's sandbox was made in, when not the usual one. */
  tmpdir?: string
}

/** A folder in memory (tmpfs) where the machine has one, for the sandbox of a system that syncs every write. */
const memoryFolder = '/dev/shm'

/** How long one call may take while recording: a 100× scenario makes calls far longer than any bundled one. */
const callTimeoutMs = 600_000

/**
 * A family's scenario of one size, validated by the scenario schema as a scenario file is. A generated run of more
 * turns than the schema allows (`maxGeneratedTurns`, which guards runs whose cumulative conversation grows as the
 * square of their turns) is validated at that many turns and then given its own: its context window keeps it linear.
 */
export function scalingScenario(family: ScalingFamily, size: number): LoadedScenario {
  const input = { title: `bench scaling: ${family.port} at ${size.toLocaleString('en-US')} ${family.unit}`, ...family.scenario(size) }
  const run = generatedRun(input)
  const beyond = run !== undefined && run.turns > maxGeneratedTurns && run.context !== undefined
  const parsed = scenarioSchema.safeParse(beyond ? { ...input, fixture: { 'analysis-run': { ...run, turns: maxGeneratedTurns, exchanges: Math.min(run.exchanges, maxGeneratedTurns) } } } : input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`bench scaling: the ${family.port} scenario of ${size} ${family.unit} is invalid (${issue?.path.join('.')}: ${issue?.message})`)
  }
  const scenario = parsed.data
  if (beyond) Object.assign(generatedRun(scenario)!, { turns: run.turns, exchanges: run.exchanges })
  return { id: `bench/scaling/${family.port}-${size}`, file: '', scenario, exercises: exercisesOf(scenario) }
}

/** The generator parameters of a pager scenario's generated run, if it has one. */
function generatedRun(scenario: object): { turns: number; exchanges: number; context?: number } | undefined {
  const fixture = (scenario as { fixture?: unknown }).fixture
  return typeof fixture === 'object' && fixture !== null && 'analysis-run' in fixture ? (fixture['analysis-run'] as { turns: number; exchanges: number; context?: number }) : undefined
}

/**
 * Replays a family's scenario of one size against its bundled reference and returns the History (an adapter failure
 * is an error: a bench of a History that never ran judges nothing). A system that syncs every write is recorded with
 * TMPDIR (where the driver makes its sandbox) in memory, where the machine has a writable tmpfs.
 */
export async function recordScalingHistory(family: ScalingFamily, size: number): Promise<ScalingHistory> {
  await loadShippedSystems()
  const loaded = scalingScenario(family, size)
  const adapter = resolveAdapter(family.adapter, { timeoutMs: callTimeoutMs })
  const pool = new ConnectionPool()
  const tmpdir = family.syncsEveryWrite && writable(memoryFolder) ? memoryFolder : undefined
  const before = process.env.TMPDIR
  if (tmpdir) process.env.TMPDIR = tmpdir
  const start = performance.now()
  try {
    const { history, failure } = await recordScenario(loaded, adapter, pool)
    const recordMs = performance.now() - start
    if (failure) throw new Error(`bench scaling: ${family.adapter} failed on ${loaded.id} (${failure.failure}): ${failure.message}`)
    return { size, history, recordMs, ...(tmpdir ? { tmpdir } : {}) }
  } finally {
    await pool.closeAll()
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
  }
}

function writable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK)
    return true
  } catch {
    return false
  }
}
