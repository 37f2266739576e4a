import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'
import { goawayEnding } from '#harness/servers/session-server/goaway-ending.ts'
import { scaleMs } from '#harness/timing/time-scale.ts'

/**
 * A scenario with every duration it gives the implementation or has the kit wait multiplied by the time scale: a
 * session client's deadline and try limit, each delay and each GOAWAY's grace (its default too), a pager call's
 * timeout. Everything else — sizes, counts, the reconnect back-off the docs fix — is as written. Scale 1: the scenario itself.
 */
export function scaleScenario<S extends Scenario>(scenario: S, scale: number): S {
  if (scale === 1) return scenario
  if (scenario.port === 'pager') {
    const { timeoutMs } = scenario.given
    return timeoutMs === undefined ? scenario : { ...scenario, given: { ...scenario.given, timeoutMs: scaleMs(timeoutMs, scale) } }
  }
  if (scenario.port === 'session-client') {
    const given = scenario.given
    return {
      ...scenario,
      given: { ...given, timeoutMs: scaleMs(given.timeoutMs, scale), tryTimeoutMs: scaleMs(given.tryTimeoutMs, scale), faults: given.faults.map((f) => scaleFault(f as WatchFault, scale)) },
    }
  }
  return scenario
}

function scaleFault(fault: WatchFault, scale: number): WatchFault {
  if (fault.kind === 'delay') return { ...fault, ms: scaleMs(fault.ms, scale) }
  if (fault.kind !== 'goaway') return fault
  const { then, graceMs } = goawayEnding(fault)
  return then === 'close' ? { ...fault, graceMs: scaleMs(graceMs, scale) } : fault
}
