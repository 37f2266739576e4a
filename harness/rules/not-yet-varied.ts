import { edgeDimensions } from '#harness/rules/edge-dimensions.ts'
import type { Dimension } from '#harness/rules/edge-dimensions.ts'

/** A rule's dimension that no explorer varies yet, as docs/contracts.md lists it, with why. */
export interface NotYetVaried {
  rule: string
  dimension: Dimension
  why: string
  /** The 1-based line of the entry in its file. */
  line: number
}

/** The heading of docs/contracts.md's list of dimensions a rule depends on that its port's explorer does not vary yet. */
export const notYetVariedHeading = '### Not yet varied'

/**
 * Reads the "not yet varied" list of docs/contracts.md: the list items under `### Not yet varied` (up to the next
 * heading), each `` - `rule` `dimension`: why ``; an item of another form, or naming no dimension, is a problem.
 */
export function readNotYetVaried(source: string): { entries: NotYetVaried[]; problems: string[] } {
  const entries: NotYetVaried[] = []
  const problems: string[] = []
  let inside = false
  source.split('\n').forEach((line, index) => {
    if (line.startsWith('#')) inside = line.trim() === notYetVariedHeading
    if (!inside || !line.startsWith('- ')) return
    const where = `docs/contracts.md:${index + 1}`
    const item = /^- `([^`]+)` `([^`]+)`: (.+)$/.exec(line)
    if (!item) return void problems.push(`${where}: a not-yet-varied entry reads "- \`rule\` \`dimension\`: why"`)
    const [, rule, dimension, why] = item as unknown as [string, string, string, string]
    if (!(edgeDimensions as readonly string[]).includes(dimension)) return void problems.push(`${where}: ${rule}: \`${dimension}\` is no edge dimension (${edgeDimensions.join(', ')})`)
    entries.push({ rule, dimension: dimension as Dimension, why, line: index + 1 })
  })
  return { entries, problems }
}
