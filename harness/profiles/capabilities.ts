import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import { endsProcess } from '#harness/scenario/ends-process.ts'

/** The optional features a scenario may need, and what each means for an implementation. */
export const capabilities = {
  'process-restart': 'it keeps its store on disk: the kit kills it with SIGKILL and starts it again on the same store (agent-log kill, restart and corrupt steps)',
  http2: 'it talks to the session server over HTTP/2, so GOAWAY, REFUSED_STREAM and RST_STREAM faults reach it (session-client goaway, goaway-notice, refuse and rst faults)',
} as const

/** A capability's name. */
export type Capability = keyof typeof capabilities

/** Every capability name, in a stable order. */
export const capabilityNames = Object.keys(capabilities) as Capability[]

/** The capabilities a scenario needs, read from what it does (no scenario declares them by hand). */
export function requiredCapabilities(scenario: Scenario): Capability[] {
  const needed: Capability[] = []
  if (scenario.port === 'agent-log' && scenario.steps.some(endsProcess)) needed.push('process-restart')
  if (scenario.port === 'session-client' && scenario.given.faults.some((fault) => ['goaway', 'goaway-notice', 'refuse', 'rst'].includes(fault.kind))) needed.push('http2')
  return needed
}
