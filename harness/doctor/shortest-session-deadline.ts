import type { StartupDeadline } from '#harness/doctor/judge-startup.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

/**
 * The shortest deadline the bundled scenarios give a session client: the least `given.timeoutMs` over the bundled
 * session-client scenarios (defaults applied), read from the scenario files now, with the scenario that gives it.
 */
export async function shortestSessionDeadline(root: string = scenarioRoot): Promise<StartupDeadline> {
  let shortest: { ms: number; id: string } | undefined
  for (const { id, scenario } of await loadScenarios(root)) {
    if (scenario.port !== 'session-client') continue
    if (shortest === undefined || scenario.given.timeoutMs < shortest.ms) shortest = { ms: scenario.given.timeoutMs, id }
  }
  if (shortest === undefined) throw new Error(`contract-kit: no session-client scenario under ${root}`)
  return { ms: shortest.ms, source: `the least timeoutMs of the bundled session-client scenarios (${shortest.id})` }
}
