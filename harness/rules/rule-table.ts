import { edgeDimensions } from '#harness/rules/edge-dimensions.ts'
import type { Dimension } from '#harness/rules/edge-dimensions.ts'

/** One row of the rule table: a rule, the contract (or adapter check) that owns it, the scenarios that exercise it, the input dimensions it depends on, the mutant that breaks it. */
export interface RuleRow {
  rule: string
  /** A contract id (`size/page-fits-ceilings`), or `adapter:<failure>` for a transport rule the adapter judges (`adapter:protocol`). */
  owner: string
  /** Case-id patterns of the scenarios that exercise it. */
  scenarios: string[]
  /** The input dimensions its edges lie along (edge-dimensions.ts); none when the cell says `—`. */
  edges: Dimension[]
  /** The system built to break it: a mutant's name, or `stdio:`/`command:` and a command line under the package root. */
  mutant: string
  /** The 1-based line of the row in its file. */
  line: number
}

/** The heading of the section of docs/contracts.md that holds the rule table (one table per port beneath it). */
export const rulesHeading = '## Rules'

/**
 * Reads the rule table from docs/contracts.md: every table row under `## Rules` (up to the next `## ` heading) whose
 * first cell is a backquoted rule id, with columns `rule | says | owner | exercised by | edges | broken by`; the ids and
 * names are the backquoted words of each cell. `edges` names dimensions of edge-dimensions.ts, or says `—` for none.
 */
export function readRuleTable(source: string): { rows: RuleRow[]; problems: string[] } {
  const rows: RuleRow[] = []
  const problems: string[] = []
  let inside = false
  source.split('\n').forEach((line, index) => {
    if (line.startsWith('## ')) inside = line.trim() === rulesHeading
    if (!inside || !line.startsWith('|')) return
    const cells = line.split('|').slice(1, -1)
    const quoted = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
    const [rule] = quoted(cells[0])
    if (rule === undefined) return // the header and the separator
    const where = `docs/contracts.md:${index + 1}`
    if (cells.length !== 6) return void problems.push(`${where}: a rule row has 6 cells (rule | says | owner | exercised by | edges | broken by), this one has ${cells.length}`)
    const [owner] = quoted(cells[2])
    const scenarios = quoted(cells[3])
    const named = quoted(cells[4])
    const [mutant] = quoted(cells[5])
    const edges = named.filter((name): name is Dimension => (edgeDimensions as readonly string[]).includes(name))
    for (const name of named) if (!edges.includes(name as Dimension)) problems.push(`${where}: ${rule}: \`${name}\` is no edge dimension (${edgeDimensions.join(', ')})`)
    if (named.length === 0 && cells[4]!.trim() !== '—') problems.push(`${where}: ${rule}: no edges (the dimensions it depends on, or — for none)`)
    if (owner === undefined) problems.push(`${where}: ${rule}: no owner (a contract id, or adapter:<failure>)`)
    if (scenarios.length === 0) problems.push(`${where}: ${rule}: no scenario exercises it`)
    if (mutant === undefined) problems.push(`${where}: ${rule}: no mutant breaks it`)
    if (owner !== undefined && mutant !== undefined && scenarios.length > 0) rows.push({ rule, owner, scenarios, edges, mutant, line: index + 1 })
  })
  return { rows, problems }
}
