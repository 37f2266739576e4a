import type { SnapshotOptions } from '#harness/ports/snapshotter-port.ts'
import type { PageSpec } from '#fixtures/pages/page-tree.ts'
import { pageTree } from '#fixtures/pages/page-tree.ts'
import { renderAriaYaml } from '#harness/snapshot/render-aria-yaml.ts'
import { applyPostProcessing } from '#harness/snapshot/apply-post-processing.ts'

const trees = new Map<string, ReturnType<typeof pageTree>>()

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
  if (!tree) trees.set(key, (tree = pageTree(spec)))
  const page = tree
  const printed = new Map<number | undefined, string>()
  return (options) => {
    const depth = options.depth === undefined || options.depth === 0 ? undefined : options.depth
    let text = printed.get(depth)
    if (text === undefined) printed.set(depth, (text = renderAriaYaml(page, depth)))
    return applyPostProcessing(text, options)
  }
}
