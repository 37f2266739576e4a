import type { Connection } from '#harness/adapters/adapter.ts'
import type { Observation } from '#harness/adapters/observation.ts'
import { processObservations } from '#harness/adapters/observation.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { agentLogDriver } from '#harness/drivers/agent-log/agent-log-driver.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'
import type { AgentLogPort } from '#harness/ports/agent-log-port.ts'
import { agentLogScenarioSchema } from '#harness/scenario/agent-log-scenario-schema.ts'
import type { AgentLogScenario } from '#harness/scenario/agent-log-scenario-schema.ts'
import { exercisedContracts } from '#harness/contracts/exercised-contracts.ts'
import type { z } from 'zod'

/** What a unit test gives to drive: the scenario's given, steps and named contracts (title and port are filled in). */
export type AgentLogScenarioInput = Omit<z.input<typeof agentLogScenarioSchema>, 'title' | 'port'>

/**
 * Replays an agent-log scenario with the real driver against a fresh in-process port per "process" (a `restart`
 * opens a new one on the same store), on a connection that claims to observe `observes` (default: everything a
 * process lets the kit observe). Its stderr is what the port wrote to `process.stderr` meanwhile (kept off the
 * terminal), unless `stderr` is given. No kill: a `kill` step needs a real process (use stdio).
 */
export async function driveAgentLog(input: AgentLogScenarioInput, create: () => AgentLogPort, options: { observes?: Observation[]; stderr?: string } = {}): Promise<AgentLogHistory> {
  const scenario: AgentLogScenario = agentLogScenarioSchema.parse({ title: 'a unit test', port: 'agent-log', ...input })
  const observes = [...(options.observes ?? processObservations)]
  const adapter = createInProcessAdapter({ name: 'unit', create: () => ({ name: 'unit', ports: { 'agent-log': create() } }) })
  let written = ''
  const open = async (): Promise<Connection> => {
    const inner = await adapter.open()
    return { system: inner.system, port: (name) => inner.port(name), observes, stderr: () => options.stderr ?? written, close: () => inner.close() }
  }
  const prepared = agentLogDriver.prepare(scenario)
  const recorder = new HistoryRecorder()
  const write = process.stderr.write
  process.stderr.write = ((chunk: string | Uint8Array) => {
    written += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    return true
  }) as typeof process.stderr.write
  try {
    await agentLogDriver.drive(await open(), prepared, recorder, { open })
  } finally {
    process.stderr.write = write
  }
  const exercised = exercisedContracts(scenario)
  const fields = { scenario: 'unit/agent-log', adapter: 'unit', system: { name: 'unit', transport: 'in-process' as const, ports: ['agent-log' as const] }, exercises: exercised.ok ? exercised.exercises : [], observes, expectations: [], stderr: '' }
  return agentLogDriver.history(prepared, fields, recorder) as AgentLogHistory
}

/** A copy of a History without the notes `what` names (a driver that left something out). */
export function withoutNotes(history: AgentLogHistory, what: string): AgentLogHistory {
  return { ...history, events: history.events.filter((e) => !(e.type === 'note' && e.what === what)) }
}
