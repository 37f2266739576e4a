import { bundledSystemOf } from '#harness/adapters/index.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import type { BugPair } from '#harness/bugs/bug-pairs.ts'

/** What `bugCases` reads of a loaded scenario: its case id, port, title and the bug it reproduces. */
export interface BugScenario {
  id: string
  scenario: { port: string; title: string; reproduces?: string }
  /** The contracts it exercises (which suite runs it: timing-bound runs go alone). */
  exercises?: readonly string[]
}

/** One case of a bug: a scenario and the adapters it runs against (no pre-fix one for a reference-only case). */
export interface BugCase {
  id: string
  title: string
  port: string
  /** The pre-fix system, for a case of the pair's port. */
  preFix?: string
  /** The reference: the pair's, or a reference-only one for a port no pre-fix system offers. */
  reference: string
  /** The contracts the scenario exercises, when known. */
  exercises?: readonly string[]
}

/** A bug's cases, paired ones first, then reference-only ones; and the scenarios of the bug that none of its systems can run. */
export interface BugCases {
  cases: BugCase[]
  leftOut: Array<{ id: string; port: string }>
}

/** Splits the scenarios whose `reproduces:` names the bug (in any case) into cases, each with the adapters it runs against. */
export function bugCases(scenarios: readonly BugScenario[], pair: BugPair): BugCases {
  const mine = scenarios.filter((s) => s.scenario.reproduces?.toLowerCase() === pair.id.toLowerCase())
  const pairPort = portOfAdapter(pair.preFix)
  if (pairPort === undefined || pairPort !== portOfAdapter(pair.reference)) {
    throw new Error(`bug ${pair.id}: ${pair.preFix} and ${pair.reference} must be bundled systems of one port`)
  }
  const others = new Map((pair.referenceOnly ?? []).map((name) => [portOfAdapter(name), name]))
  const paired: BugCase[] = []
  const alone: BugCase[] = []
  const leftOut: BugCases['leftOut'] = []
  for (const { id, scenario, exercises } of mine) {
    const { port, title } = scenario
    const known = exercises ? { exercises } : {}
    if (port === pairPort) paired.push({ id, title, port, preFix: pair.preFix, reference: pair.reference, ...known })
    else if (others.has(port)) alone.push({ id, title, port, reference: others.get(port)!, ...known })
    else leftOut.push({ id, port })
  }
  return { cases: [...paired, ...alone], leftOut }
}

/** The port a bundled adapter name runs (`agent-log/reference@stdio` runs `agent-log`), or undefined for any other name. */
function portOfAdapter(name: string): string | undefined {
  const system = bundledSystemOf(name)
  return system === undefined ? undefined : portOfBundled(system)
}
