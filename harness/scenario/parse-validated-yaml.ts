import { isAlias, isMap, isNode, isScalar, isSeq, visit, type Document, type Node, type Pair, type YAMLMap } from 'yaml'
import type { z } from 'zod'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { parseYamlDocument } from '#harness/scenario/parse-yaml-document.ts'

/**
 * Parses YAML text and validates it against a zod schema, or throws a ScenarioError pointing at the failing node:
 * `<file>:<line>:<column>: <field path>: <what was expected>` (used for scenario files and profiles alike).
 */
export function parseValidatedYaml<S extends z.ZodType>(file: string, source: string, schema: S, what: string): z.output<S> {
  const { doc, lines } = parseYamlDocument(file, source)
  let data: unknown
  try {
    data = doc.toJS()
  } catch (error) {
    // aliases are checked already: what is left is an alias expanding too much (YAML's guard against alias bombs)
    const { line, col } = lines.linePos(firstAliasAt(doc))
    throw new ScenarioError({ file, field: '', line, column: col, expected: `expected plain YAML data (${error instanceof Error ? error.message : String(error)})` })
  }
  const result = schema.safeParse(data)
  if (result.success) return result.data
  const keys = new WeakMap<YAMLMap, Map<string, Pair>>()
  const failures = result.error.issues
    .flatMap((issue) => leavesOf(issue, [], data))
    .map((leaf, order) => ({ ...leaf, ...locate(doc, leaf.path, leaf.atKey, keys), order }))
    .sort((a, b) => Number(b.exact) - Number(a.exact) || a.offset - b.offset || a.order - b.order)
  const first = failures[0]
  if (!first) throw new ScenarioError({ file, field: '', expected: `expected ${what}` })
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

/**
 * The source offset of the node at a path (its key for an unknown key), or of its nearest existing parent. `keys`
 * indexes each mapping's pairs by key once, so locating every one of 200,000 unknown keys stays linear.
 */
function locate(doc: Document, path: PropertyKey[], atKey: boolean, keys: WeakMap<YAMLMap, Map<string, Pair>>): { offset: number; exact: boolean } {
  let node: unknown = doc.contents
  let offset = startOf(node)
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) node = node.resolve(doc)
    let next: unknown
    let keyNode: unknown
    if (isMap(node)) {
      const pair = pairsOf(node, keys).get(String(segment))
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

/** A mapping's pairs by their scalar key, the first of each (indexed on first use). */
function pairsOf(node: YAMLMap, keys: WeakMap<YAMLMap, Map<string, Pair>>): Map<string, Pair> {
  let index = keys.get(node)
  if (!index) {
    index = new Map()
    for (const item of node.items) if (isScalar(item.key) && !index.has(String(item.key.value))) index.set(String(item.key.value), item)
    keys.set(node, index)
  }
  return index
}

/** Where the first alias of a document starts (0 when it has none). */
function firstAliasAt(doc: Document): number {
  let first = 0
  visit(doc, {
    Alias(_, node) {
      first = startOf(node, 0)
      return visit.BREAK
    },
  })
  return first
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
