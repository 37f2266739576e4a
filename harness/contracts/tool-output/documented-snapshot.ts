import type { SnapshotOptions } from '#harness/ports/snapshotter-port.ts'
import type { PageSpec, PageTree } from '#fixtures/pages/page-tree.ts'
import { pageTree } from '#fixtures/pages/page-tree.ts'
import { renderAriaYaml } from '#harness/snapshot/render-aria-yaml.ts'
import { applyPostProcessing } from '#harness/snapshot/apply-post-processing.ts'

/** How many generated pages are kept for later checks (an explore run generates thousands: the oldest go). */
const keptTrees = 8

/** The generated pages checked lately, by spec, each with its deepest level. */
const trees = new Map<string, { page: PageTree; deepest: number }>()

/**
 * The documented snapshot text of a generated page (docs/snapshotter-port.md): its tree as Playwright's aria-snapshot
 * YAML at the depth asked (absent or 0: unlimited), then compact, then interactive — the text Chromium prints for
 * generated pages, byte for byte. The options must be valid (a depth that is a non-negative integer).
 */
export function documentedSnapshot(spec: PageSpec, options: SnapshotOptions): string {
  return documentedSnapshots(spec)(options)
}

/**
 * The documented snapshot texts of one generated page, as `documentedSnapshot` gives them, for a check that asks for
 * several option sets: the tree is printed once per depth limit, and each option set post-processes that text.
 */
export function documentedSnapshots(spec: PageSpec): (options: SnapshotOptions) => string {
  const key = JSON.stringify(spec)
  let tree = trees.get(key)
  if (!tree) {
    const page = pageTree(spec)
    trees.set(key, (tree = { page, deepest: deepestLevel(page) }))
    if (trees.size > keptTrees) trees.delete(trees.keys().next().value!)
  }
  const { page, deepest } = tree
  // a limit at or past the deepest level prints what no limit prints: such a depth shares the unlimited text, and each
  // text (a depth, then compact, then interactive) is made once however many requests ask for it
  const texts = new Map<string, string>()
  const textOf = (depth: number | undefined, compact: boolean, interactive: boolean): string => {
    const key = `${depth ?? ''}/${compact}/${interactive}`
    let text = texts.get(key)
    if (text === undefined) {
      // interactive keeps each interactive line trimmed to the top level, and compact only drops structural lines and
      // dedents the rest: compact then interactive is interactive alone
      if (interactive) text = applyPostProcessing(textOf(depth, false, false), { interactive: true })
      else if (compact) text = applyPostProcessing(textOf(depth, false, false), { compact: true })
      else text = renderAriaYaml(page, depth)
      texts.set(key, text)
    }
    return text
  }
  return (options) => {
    const depth = options.depth === undefined || options.depth === 0 || options.depth >= deepest ? undefined : options.depth
    return textOf(depth, options.compact === true, options.interactive === true)
  }
}

/** The deepest level of a tree (its top-level nodes are at 0). */
function deepestLevel(tree: PageTree): number {
  let deepest = 0
  const stack = tree.roots.map((node) => ({ node, level: 0 }))
  while (stack.length > 0) {
    const { node, level } = stack.pop()!
    deepest = Math.max(deepest, level)
    for (const child of node.children ?? []) stack.push({ node: child, level: level + 1 })
  }
  return deepest
}
