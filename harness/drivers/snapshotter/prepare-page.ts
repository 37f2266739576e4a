import { createHash } from 'node:crypto'
import type { PageSpec } from '#harness/scenario/plat-200-scenario-schemas.ts'
import { pageTree } from '#fixtures/pages/page-tree.ts'
import { pageHtml } from '#fixtures/pages/page-html.ts'
import { realDepth } from '#fixtures/pages/real-depth.ts'

/** A page fixture made ready: its spec, its HTML, its real depth, and a name and hash for the History. */
export interface PreparedPage {
  spec: PageSpec
  html: string
  realDepth: number
  fixture: { name: string; hash: string }
}

/** Generates a scenario's page (seeded) and derives what the contracts need of it. */
export function preparePage(spec: PageSpec): PreparedPage {
  const tree = pageTree(spec)
  const html = pageHtml(tree)
  const shape = spec.kind === 'tree' ? `-${spec.fanout.join('x')}` : ('siblings' in spec ? `-${spec.siblings}-siblings` : '') + ('depth' in spec ? `-depth-${spec.depth}` : '')
  const bare = spec.kind === 'tree' && spec.bareLeaves ? '-bare-leaves' : ''
  const name = `page/${spec.kind}${shape}${bare}${spec.labels ? '-labelled' : ''}${spec.marks ? '-marked' : ''}`
  return { spec, html, realDepth: realDepth(tree), fixture: { name, hash: createHash('sha256').update(html).digest('hex') } }
}
