import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { listScenarioFiles, loadScenarioFiles } from '#harness/scenario/load-scenarios.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'
import { bundledAdapterNames, resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems, mayNameShippedSystem, portsNamedBy } from '#harness/adapters/shipped-systems.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { UsageError } from '#harness/cli/usage-error.ts'

/** The selection flags `run` and `list` share. */
export const selectionOptions = {
  adapter: { type: 'string', multiple: true },
  scenario: { type: 'string', multiple: true },
  'scenario-dir': { type: 'string' },
} as const

/** The scenarios and adapters a command line selects: every scenario matching a pattern (or all), every adapter named (or every bundled one). */
export async function selectRun(values: { adapter?: string[]; scenario?: string[]; 'scenario-dir'?: string }): Promise<{
  scenarios: LoadedScenario[]
  adapters: string[]
  patterns: string[]
  scenarioDir?: string
}> {
  const patterns = values.scenario ?? []
  if (values['scenario-dir'] !== undefined && values['scenario-dir'].trim() === '') throw new UsageError('--scenario-dir: expected a folder of scenario files, got an empty path')
  const scenarioDir = values['scenario-dir'] === undefined ? undefined : resolve(values['scenario-dir'])
  // a folder of your own is validated whole (a bad file is exit 2 even when not selected); of the bundled scenarios,
  // which the kit's own tests validate, only the selected files are read
  const root = scenarioDir ?? scenarioRoot
  const all = await listScenarioFiles(root)
  const loaded = await loadScenarioFiles(scenarioDir === undefined ? selectScenarios(all, patterns) : all, root)
  const scenarios = scenarioDir === undefined ? loaded : selectScenarios(loaded, patterns)
  if (scenarios.length === 0) {
    throw new UsageError(`no scenario matches --scenario ${patterns.map((p) => JSON.stringify(p)).join(' ')} (case ids look like ${all[0]?.id ?? 'regressions/<bug>/<case>'}; * matches one level, ** any)`)
  }
  if (values.adapter === undefined) await loadShippedSystems()
  else if (values.adapter.some(mayNameShippedSystem)) await loadShippedSystems(portsNamedBy(values.adapter))
  const adapters = values.adapter ?? bundledAdapterNames()
  for (const name of adapters) resolveAdapter(name)
  return { scenarios, adapters, patterns, ...(scenarioDir ? { scenarioDir } : {}) }
}

/** Parses a command's flags, turning node's parse errors into one-line usage errors. */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  let parsed: ReturnType<typeof parseArgs<T>> & { tokens?: Array<{ kind: string; name?: string }> }
  try {
    parsed = parseArgs({ ...config, tokens: true }) as unknown as typeof parsed
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message.split('\n')[0] : String(error)} (see contract-kit help)`)
  }
  // a flag that takes one value, given twice, is a mistake node's parser would settle silently (the last wins)
  const seen = new Set<string>()
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option' || token.name === undefined || config.options?.[token.name]?.multiple) continue
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given twice: it takes one value (see contract-kit help)`)
    seen.add(token.name)
  }
  return parsed
}
