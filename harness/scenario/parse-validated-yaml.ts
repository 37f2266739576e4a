import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml'
import type { z } from 'zod'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'

/**
 * Parses YAML text and validates it against a zod schema, or throws a ScenarioError pointing at the failing node:
 * `<file>:<line>:<column>: <field path>: <what was expected>` (used for scenario files and profiles alike).
 */
export function parseValidatedYaml<S extends z.ZodType>(file: string, source: string, schema: S, what: string): z.output<S> {
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
  const result = schema.safeParse(data)
  if (result.success) return result.data
  const failures = result.error.issues
    .flatMap((issue) => leavesOf(issue, [], data))
    .map((leaf, order) => ({ ...leaf, ...locate(doc, leaf.path, leaf.atKey), order }))
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
