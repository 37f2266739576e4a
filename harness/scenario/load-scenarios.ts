import { readdir } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { scenarioSchema, type Scenario } from '#harness/scenario/scenario-schema.ts'
import { parseValidatedYaml } from '#harness/scenario/parse-validated-yaml.ts'
import { readYamlSource } from '#harness/scenario/read-yaml-source.ts'
import { exercisedContracts } from '#harness/contracts/exercised-contracts.ts'
import { indexedScenario } from '#harness/scenario/scenario-index.ts'
import type { IndexedScenario } from '#harness/scenario/scenario-index.ts'

/** A validated scenario, its case id (its path under the scenarios folder, without `.yaml`), its file (absolute), and the contracts it exercises. */
export interface LoadedScenario {
  id: string
  file: string
  scenario: Scenario
  /** The contracts the scenario exercises (named, or derived from its steps): each must come back held or broken. */
  exercises: string[]
}

const extension = '.yaml'
const schemaFileName = 'scenario.schema.json'
const caseIdSegment = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A scenario file found under a folder, not yet read: its case id and its absolute path. */
export interface ScenarioFile {
  id: string
  file: string
}

/** Every `*.yaml` scenario file under `root`, recursively, sorted by case id, without reading them. */
export async function listScenarioFiles(root: string): Promise<ScenarioFile[]> {
  const folder = resolve(root)
  let files: string[]
  try {
    files = await yamlFilesUnder(folder)
  } catch (error) {
    throw new ScenarioError({ file: folder, field: '', expected: `expected a folder of scenario files (${codeOf(error)})` })
  }
  return files.map((file) => ({ file, id: rawCaseId(file, folder) })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Loads every `*.yaml` scenario under `root`, recursively, sorted by case id; throws the first file's ScenarioError. */
export async function loadScenarios(root: string): Promise<LoadedScenario[]> {
  return loadScenarioFiles(await listScenarioFiles(root), root)
}

/** Loads the listed scenario files in their order; throws the first file's ScenarioError. */
export async function loadScenarioFiles(files: readonly ScenarioFile[], root: string): Promise<LoadedScenario[]> {
  const folder = resolve(root)
  const results = await Promise.allSettled(files.map(({ file }) => loadScenarioFile(file, folder)))
  return results.map((result) => {
    if (result.status === 'rejected') throw result.reason
    return result.value
  })
}

/** Loads and validates one scenario file; its case id is its path under `root` without `.yaml`. */
export async function loadScenarioFile(file: string, root: string): Promise<LoadedScenario> {
  const absolute = resolve(file)
  const id = caseIdOf(absolute, resolve(root))
  const source = readYamlSource(absolute, 'scenario file')
  // a text the build validated (a bundled scenario, unchanged) is taken from its index as it was then
  return { id, file: absolute, ...(indexedScenario(source) ?? validateScenarioText(absolute, source)) }
}

/** Validates the text of a scenario file: the scenario (defaults applied) and the contracts it exercises, or a ScenarioError pointing at the failing node. */
export function validateScenarioText(file: string, source: string): IndexedScenario {
  const scenario = parseValidatedYaml(file, source, scenarioSchema, 'a valid scenario')
  return { scenario, exercises: exercisesOf(scenario) }
}

/** The contracts a validated scenario exercises (validation already refused a scenario that exercises none). */
export function exercisesOf(scenario: Scenario): string[] {
  const exercised = exercisedContracts(scenario)
  if (!exercised.ok) throw new Error(`a validated scenario exercises no contract: ${exercised.message}`)
  return exercised.exercises
}

/** Every `*.yaml` file under a folder, recursively (the JSON Schema beside them is not a scenario). */
async function yamlFilesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) return yamlFilesUnder(path)
      return entry.isFile() && entry.name.endsWith(extension) && entry.name !== schemaFileName ? [path] : []
    }),
  )
  return nested.flat()
}

/** The path of a file under the root, with `/` separators and without `.yaml`. */
function rawCaseId(file: string, root: string): string {
  const path = relative(root, file).split(sep).join('/')
  return path.endsWith(extension) ? path.slice(0, -extension.length) : path
}

/** The case id of a scenario file, checked: under the root, a `.yaml` file, kebab-case segments. */
function caseIdOf(file: string, root: string): string {
  const path = relative(root, file)
  if (!path || path.startsWith('..') || isAbsolute(path)) {
    throw new ScenarioError({ file, field: '', expected: `expected a scenario file under ${root}` })
  }
  if (!path.endsWith(extension)) {
    throw new ScenarioError({ file, field: '', expected: `expected a ${extension} file` })
  }
  const id = rawCaseId(file, root)
  if (!id.split('/').every((segment) => caseIdSegment.test(segment))) {
    throw new ScenarioError({
      file,
      field: '',
      expected: `expected a path of kebab-case names (a-z, 0-9 and -) for its case id, got "${id}"`,
    })
  }
  return id
}

/** The error code of a failed file-system call, for a message. */
function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : String(error)
}
