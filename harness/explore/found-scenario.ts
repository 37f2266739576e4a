import { createHash } from 'node:crypto'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { shownPath } from '#harness/runner/shown-path.ts'
import { stringify } from 'yaml'
import { exercisedContracts } from '#harness/contracts/exercised-contracts.ts'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import type { Exploration, FoundCase } from '#harness/explore/explore-port.ts'

/** A found case as a scenario file: where it goes, its case id (relative to the folder it is replayed from), its text, and how to replay it. */
export interface FoundScenarioFile {
  path: string
  id: string
  text: string
  /** The command that replays it, as `Reproduce with:` prints it. */
  reproduce: string
}

/**
 * The scenario file of a found case, deterministic in the case (same seed, same file, byte for byte): a comment saying
 * how explore found it, a title naming what broke, the scenario's data, and `contracts:` naming the contracts that
 * broke where the scenario exercises them. It goes under `<saveDir>/<port>/`, named after the adapter, what broke and
 * a hash of its data.
 */
export function foundScenarioFile(exploration: Exploration & { found: FoundCase }, saveDir: string, quote: (word: string) => string): FoundScenarioFile {
  const { found, adapter, port, seed, runs } = exploration
  const brokenIds = found.outcome.contracts.filter((c) => c.verdict === 'broken').map((c) => c.id)
  const what = brokenIds.length > 0 ? `${brokenIds.join(', ')} broken` : `${found.outcome.verdict}${found.outcome.error ? `: ${found.outcome.error.message.split('\n')[0]}` : ''}`
  const { port: _port, title: _title, contracts: _contracts, ...rest } = found.scenario as Scenario
  // judged on the scenario as the schema reads it (defaults filled in, a relative cap resolved), written as generated
  const parsed = scenarioSchema.parse({ title: 'found', ...found.scenario }) as Scenario
  // each broken contract the scenario can exercise is named, so the saved case keeps testing what it found
  const exercisable = brokenIds.filter((id) => exercisedContracts({ ...parsed, contracts: [id] }).ok)
  const named = exercisable.length > 0 ? { contracts: exercisable } : {}
  const data = { title: oneLine(`Found by explore on ${adapter} (seed ${seed}): ${what}`), port, ...rest, ...named }
  const body = stringify(data, { lineWidth: 0 })
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10)
  const name = `${slug(adapter)}-${slug(brokenIds[0]?.split('/')[1] ?? found.outcome.verdict)}-${hash}`
  const dir = resolve(saveDir, port)
  const path = join(dir, `${name}.yaml`)
  const underRoot = !relative(scenarioRoot, path).startsWith('..')
  const id = (underRoot ? relative(scenarioRoot, path) : relative(resolve(saveDir), path)).split(sep).join('/').replace(/\.yaml$/, '')
  // the schema relative to the file (as an editor resolves it) where the file lies inside the working folder, else absolute
  const schemaFile = join(scenarioRoot, 'scenario.schema.json')
  const schema = isAbsolute(shownPath(path)) ? schemaFile : relative(dirname(path), schemaFile).split(sep).join('/')
  const reproduce = ['npx contract-kit run --adapter', quote(adapter), ...(underRoot ? [] : ['--scenario-dir', quote(shownPath(saveDir))]), '--scenario', id, '--no-expectations'].join(' ')
  const header = [
    `# yaml-language-server: $schema=${schema}`,
    `# Found by: npx contract-kit explore --adapter ${quote(adapter)} --port ${port} --seed ${seed} --runs ${runs}`,
    `# Shrunk ${found.shrinks} times. Replay it: ${reproduce}`,
  ]
  return { path, id, text: `${header.join('\n')}\n${body}`, reproduce }
}

/** A name part: lower-case kebab words, at most 40 characters. */
function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '') || 'case'
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
