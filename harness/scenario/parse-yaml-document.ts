import { isAlias, isMap, isScalar, isSeq, isPair, LineCounter, parseDocument, Parser, type Document, type Node } from 'yaml'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { tooDeepAt } from '#harness/scenario/yaml-nesting-depth.ts'
import { yamlFileBounds } from '#harness/scenario/yaml-file-bounds.ts'

/** A parsed YAML document (source tokens kept) and its line counter. */
export interface ParsedYaml {
  doc: Document
  lines: LineCounter
}

/**
 * Parses the text of a scenario or profile file into one YAML document, or throws a one-line ScenarioError at the
 * failing position: a syntax error, collections nested past `yamlFileBounds.depth`, a duplicate key, more than
 * `yamlFileBounds.aliases` aliases, or an alias with no anchor before it. Linear in the file's size.
 */
export function parseYamlDocument(file: string, source: string): ParsedYaml {
  const fail = (offset: number, expected: string): never => {
    const { line, col } = lines.linePos(offset)
    throw new ScenarioError({ file, field: '', line, column: col, expected })
  }
  // the parser keeps a stack of its own; the composer recurses per level, so the depth is measured first
  let lines = new LineCounter()
  for (const token of new Parser(lines.addNewLine).parse(source)) {
    const deep = tooDeepAt(token, yamlFileBounds.depth)
    if (deep >= 0) fail(deep, `expected collections nested at most ${yamlFileBounds.depth} levels deep, got deeper`)
  }
  lines = new LineCounter()
  // the parser's own duplicate-key check compares each key with every one before it: checked below, in one pass
  const doc = parseDocument(source, { keepSourceTokens: true, lineCounter: lines, prettyErrors: false, uniqueKeys: false })
  const syntax = doc.errors[0]
  if (syntax) fail(syntax.pos[0], syntax.message.split('\n')[0] ?? 'invalid YAML')
  checkNodes(doc, fail)
  return { doc, lines }
}

/** Walks the document in order: refuses a duplicate key, too many aliases, and an alias with no anchor before it. */
function checkNodes(doc: Document, fail: (offset: number, expected: string) => never): void {
  const anchors = new Set<string>()
  let aliases = 0
  const stack: unknown[] = [doc.contents]
  while (stack.length > 0) {
    const node = stack.pop()
    if (isAlias(node)) {
      if (++aliases > yamlFileBounds.aliases) fail(startOf(node), `expected at most ${yamlFileBounds.aliases} aliases in a file, got more`)
      if (!anchors.has(node.source)) fail(startOf(node), `unresolved alias *${node.source}: expected an anchor &${node.source} before it`)
      continue
    }
    if (!isMap(node) && !isSeq(node) && !isScalar(node)) continue
    if (node.anchor) anchors.add(node.anchor)
    if (isScalar(node)) continue
    const keys = new Set<unknown>()
    const next: unknown[] = []
    for (const item of node.items) {
      if (!isPair(item)) {
        next.push(item)
        continue
      }
      if (isMap(node) && isScalar(item.key)) {
        if (keys.has(item.key.value)) fail(startOf(item.key), 'Map keys must be unique')
        keys.add(item.key.value)
      }
      next.push(item.key, item.value)
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i])
  }
}

/** Where a node starts in the source (0 when it has no range). */
function startOf(node: Node): number {
  return node.range?.[0] ?? 0
}
