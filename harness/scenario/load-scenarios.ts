import { readdir, readFile } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml'
import type { z } from 'zod'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { scenarioSchema, type Scenario } from '#harness/scenario/scenario-schema.ts'

/** A validated scenario, its case id (its path under the scenarios folder, without `.yaml`) and its file (absolute). */
export interface LoadedScenario {
  id: string
  file: string
  scenario: Scenario
}

const extension = '.yaml'
const schemaFileName = 'scenario.schema.json'
const caseIdSegment = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Loads every `*.yaml` scenario under `root`, recursively, sorted by case id; throws the first file's ScenarioError. */
export async function loadScenarios(root: string): Promise<LoadedScenario[]> {
  const folder = resolve(root)
  let files: string[]
  try {
    files = await yamlFilesUnder(folder)
  } catch (error) {
    throw new ScenarioError({ file: folder, field: '', expected: `expected a folder of scenario files (${codeOf(error)})` })
  }
  const ordered = files
    .map((file) => ({ file, id: rawCaseId(file, folder) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const results = await Promise.allSettled(ordered.map(({ file }) => loadScenarioFile(file, folder)))
  return results.map((result) => {
    if (result.status === 'rejected') throw result.reason
    return result.value
  })
}

/** Loads and validates one scenario file; its case id is its path under `root` without `.yaml`. */
export async function loadScenarioFile(file: string, root: string): Promise<LoadedScenario> {
  const absolute = resolve(file)
  const id = caseIdOf(absolute, resolve(root))
  let source: string
  try {
    source = await readFile(absolute, 'utf8')
  } catch (error) {
    throw new ScenarioError({ file: absolute, field: '', expected: `expected a readable scenario file (${codeOf(error)})` })
  }
  return { id, file: absolute, scenario: parseScenario(absolute, source) }
}

/** Parses and validates the text of a scenario file, or throws a ScenarioError pointing at the failing node. */
function parseScenario(file: string, source: string): Scenario {
  const lines = new LineCounter()
  const doc = parseDocument(source, { keepSourceTokens: true, lineCounter: lines, prettyErrors: false })
  const syntax = doc.errors[0]
  if (syntax) {
    const { line, col } = lines.linePos(syntax.pos[0])
    const message = syntax.message.split('\n')[0] ?? 'invalid YAML'
    throw new ScenarioError({ file, field: '', line, column: col, expected: message })
  }
  let data: unknown
  try {
    data = doc.toJS()
  } catch (error) {
    throw new ScenarioError({ file, field: '', expected: `expected plain YAML data (${error instanceof Error ? error.message : String(error)})` })
  }
  const result = scenarioSchema.safeParse(data)
  if (result.success) return result.data
  const failures = result.error.issues
    .flatMap((issue) => leavesOf(issue, [], data))
    .map((leaf, order) => ({ ...leaf, ...locate(doc, leaf.path, leaf.atKey), order }))
    .sort((a, b) => Number(b.exact) - Number(a.exact) || a.offset - b.offset || a.order - b.order)
  const first = failures[0]
  if (!first) throw new ScenarioError({ file, field: '', expected: 'expected a valid scenario' })
  const position = first.offset < 0 ? undefined : lines.linePos(first.offset)
  throw new ScenarioError({
    file,
    field: fieldPath(first.path),
    line: position?.line,
    column: position?.col,
    expected: first.message,
  })
}

/** One reportable failure: where (a field path; `atKey` for an unknown key) and what was expected. */
interface Leaf {
  path: PropertyKey[]
  message: string
  atKey: boolean
}

/** Flattens a zod issue into reportable failures, descending into the one union branch the value clearly meant. */
function leavesOf(issue: z.core.$ZodIssue, base: PropertyKey[], data: unknown): Leaf[] {
  const path = [...base, ...issue.path]
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...path, key], message: issue.message, atKey: true }))
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branch = meantBranch(issue.errors, valueAt(data, path))
    if (branch) return branch.flatMap((inner) => leavesOf(inner, path, data))
  }
  return [{ path, message: issue.message, atKey: false }]
}

/**
 * The union branch a mapping was meant for: the only one that neither rejects the mapping itself nor misses a key
 * that another branch does not also miss (`{read: …}` means the read branch). None when it is ambiguous.
 */
function meantBranch(branches: z.core.$ZodIssue[][], value: unknown): z.core.$ZodIssue[] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const missing = branches.map(
    (issues) =>
      new Set(
        issues
          .filter((issue) => (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.path.length === 1)
          .map((issue) => issue.path[0] as PropertyKey)
          .filter((key) => !Object.hasOwn(value, key)),
      ),
  )
  const meant = branches.filter(
    (issues, index) =>
      !issues.some((issue) => issue.path.length === 0 && issue.code !== 'unrecognized_keys') &&
      [...(missing[index] ?? [])].every((key) => missing.every((other) => other.has(key))),
  )
  return meant.length === 1 ? meant[0] : undefined
}

/** The value at a path of the parsed data, or undefined. */
function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<PropertyKey, unknown>)[segment]
  }
  return value
}

/** The source offset of the node at a path (its key for an unknown key), or of its nearest existing parent. */
function locate(doc: Document, path: PropertyKey[], atKey: boolean): { offset: number; exact: boolean } {
  let node: unknown = doc.contents
  let offset = startOf(node)
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) node = node.resolve(doc)
    let next: unknown
    let keyNode: unknown
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment))
      if (!pair) return { offset, exact: false }
      next = pair.value
      keyNode = pair.key
    } else if (isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
      next = node.items[segment]
    } else {
      return { offset, exact: false }
    }
    const last = index === path.length - 1
    const empty = !isNode(next) || (isScalar(next) && next.value === null && next.source === '')
    offset = (last && atKey) || empty ? startOf(keyNode ?? next, offset) : startOf(next, offset)
    node = next
  }
  return { offset, exact: true }
}

/** Where a YAML node starts in the source; `fallback` (or -1: unknown) when it has no range. */
function startOf(node: unknown, fallback = -1): number {
  return isNode(node) && (node as Node).range ? (node as Node).range![0] : fallback
}

/** Renders a path as written in messages: `given.ceilings[1].measure`. */
function fieldPath(path: PropertyKey[]): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`
      const name = String(segment)
      if (!/^[A-Za-z_$][\w$-]*$/.test(name)) return `[${JSON.stringify(name)}]`
      return index === 0 ? name : `.${name}`
    })
    .join('')
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
