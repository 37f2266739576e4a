import { contractsById } from '#harness/contracts/index.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { matchCaseId } from '#harness/scenario/match-case-id.ts'

type Run = RunResults['runs'][number]

/**
 * What a cell shows, worst first: an unlisted break, a contract left without evidence, a stale known-failing entry, a
 * listed break, held (with evidence), nothing to judge in any run (`not-applicable`), or no run.
 */
export type CellState = 'broken' | 'unknown' | 'stale' | 'expected-broken' | 'held' | 'not-applicable' | 'not-run'

/** The states a contract can end with in one run (a contract that did not break, under a known-failing entry that went stale, is `stale`). */
export type RunState = Exclude<CellState, 'not-run'>

/** The states from worst to best: a cell takes the worst of its runs (so a cell is `not-applicable` only when every run was). */
export const cellStates: readonly CellState[] = ['broken', 'unknown', 'stale', 'expected-broken', 'held', 'not-applicable', 'not-run']

/** A measured value against its ceiling, read from a witness (`measure`/`unit`, `value`/`size`, `max`). */
export interface Gauge {
  measure: string
  value: number
  max: number
}

/** One run of one contract in a cell: the run, the contract's outcome there, its state, and its witness's gauge if it has one. */
export interface CellRun {
  run: Run
  outcome: ContractOutcome
  state: RunState
  /** The scenario exercises the contract and it came back not-applicable or unknown: that alone makes the run `error`. */
  unjudged: boolean
  gauge?: Gauge
}

/** One adapter × contract cell: its runs (worst first: by state, then largest measured value), how many ended in each state, and the worst run's gauge and History. */
export interface MatrixCell {
  adapter: string
  contract: string
  /** The id of the cell's witness section (unique in the page, made of [A-Za-z0-9_-]). */
  anchor: string
  state: CellState
  counts: Record<RunState, number>
  runs: CellRun[]
  gauge?: Gauge
  /** The History of the cell's worst run that kept one (a path under the report folder). */
  history?: string
}

/** One port's table: its adapters (rows), its contracts grouped by family (columns), and every cell. */
export interface PortMatrix {
  port: string
  adapters: string[]
  families: Array<{ family: string; contracts: string[] }>
  /** cells[adapter][contract] */
  cells: Record<string, Record<string, MatrixCell>>
}

/** Reads a witness's gauge: a numeric value (`value`, or `size`) against a numeric `max`, in `measure` (or `unit`). */
function witnessGauge(witness: Record<string, unknown> | undefined): Gauge | undefined {
  if (!witness) return undefined
  const value = typeof witness.value === 'number' ? witness.value : witness.size
  const measure = typeof witness.measure === 'string' ? witness.measure : witness.unit
  const { max } = witness
  if (typeof value !== 'number' || typeof max !== 'number' || !Number.isFinite(value) || !Number.isFinite(max) || max < 0) return undefined
  return { measure: typeof measure === 'string' ? measure : '', value, max }
}

/** Builds one table per port (sorted by port): the adapters that ran it × the contracts judged on it, each cell aggregating its runs. */
export function matrixModel(results: RunResults): PortMatrix[] {
  const used = new Set<string>()
  const ports = [...new Set(results.runs.map((r) => r.port))].sort(compare)
  return ports.map((port) => {
    const runs = results.runs.filter((r) => r.port === port)
    const adapters = [...new Set(runs.map((r) => r.adapter))].sort(compare)
    const contracts = orderContracts([...new Set(runs.flatMap((r) => r.contracts.map((c) => c.id)))])
    const families: PortMatrix['families'] = []
    for (const id of contracts) {
      const family = familyOf(id)
      const group = families.find((f) => f.family === family)
      if (group) group.contracts.push(id)
      else families.push({ family, contracts: [id] })
    }
    const cells: PortMatrix['cells'] = Object.create(null) // keyed by names from the command line: `__proto__` is a name too
    for (const adapter of adapters) {
      cells[adapter] = Object.create(null)
      const own = runs.filter((r) => r.adapter === adapter)
      for (const id of families.flatMap((f) => f.contracts)) cells[adapter][id] = cellOf(adapter, id, own, uniqueAnchor(`w-${port}-${adapter}-${id}`, used))
    }
    return { port, adapters, families, cells }
  })
}

/** A contract's family: the part of its id before the first `/` (`size`, `recovery`, `durability`…). */
function familyOf(contract: string): string {
  const at = contract.indexOf('/')
  return at > 0 ? contract.slice(0, at) : 'other'
}

function cellOf(adapter: string, contract: string, runs: readonly Run[], anchor: string): MatrixCell {
  const counts: Record<RunState, number> = { broken: 0, unknown: 0, stale: 0, 'expected-broken': 0, held: 0, 'not-applicable': 0 }
  const cellRuns: CellRun[] = []
  for (const run of runs) {
    const outcome = run.contracts.find((c) => c.id === contract)
    if (!outcome) continue
    const state = runState(run, outcome)
    counts[state]++
    const gauge = outcome.verdict === 'broken' ? witnessGauge(outcome.witness) : undefined
    const unjudged = outcome.exercised && (outcome.verdict === 'not-applicable' || outcome.verdict === 'unknown')
    cellRuns.push({ run, outcome, state, unjudged, ...(gauge ? { gauge } : {}) })
  }
  // worst first (an exercised contract left unjudged before the others of its rank); within a rank, the largest
  // measured value first (a size witness's page); then by scenario (runs are sorted)
  cellRuns.sort((a, b) => rank(a) - rank(b) || Number(b.unjudged) - Number(a.unjudged) || byMeasured(a, b))
  const state = cellRuns[0] ? cellStates[rank(cellRuns[0])] : 'not-run'
  const gauge = cellRuns.find((c) => c.gauge)?.gauge
  const historyRun = cellRuns.find((c) => c.run.history)
  return { adapter, contract, anchor, state, counts, runs: cellRuns, ...(gauge ? { gauge } : {}), ...(historyRun?.run.history ? { history: historyRun.run.history } : {}) }
}

/** Where a run stands among the cell's: by its state, except that an exercised contract left not-applicable ranks (and colours the cell) as unknown: evidence was due and there was none. */
function rank(c: CellRun): number {
  return cellStates.indexOf(c.unjudged ? 'unknown' : c.state)
}

function runState(run: Run, outcome: ContractOutcome): RunState {
  if (outcome.verdict === 'broken') return outcome.expectedBy ? 'expected-broken' : 'broken'
  if (outcome.verdict === 'unknown') return 'unknown'
  if (run.stale.some((s) => staleCovers(s.pattern, run.scenario, outcome.id))) return 'stale'
  return outcome.verdict
}

function staleCovers(pattern: string, scenario: string, contract: string): boolean {
  const [scenarioPattern, contractPattern] = pattern.split(':')
  return matchCaseId(scenarioPattern, scenario) && (contractPattern === undefined || matchCaseId(contractPattern, contract))
}

function byMeasured(a: CellRun, b: CellRun): number {
  const [x, y] = [a.gauge?.value ?? -Infinity, b.gauge?.value ?? -Infinity]
  return x === y ? 0 : x > y ? -1 : 1
}

/** The kit's own order (harness/contracts/index.ts) for the contracts it knows, then any other id alphabetically. */
function orderContracts(ids: string[]): string[] {
  const known = [...contractsById.keys()]
  const rank = (id: string) => (known.includes(id) ? known.indexOf(id) : known.length)
  return ids.sort((a, b) => rank(a) - rank(b) || compare(a, b))
}

function uniqueAnchor(text: string, used: Set<string>): string {
  const base = text.replace(/[^A-Za-z0-9_-]+/g, '_')
  let anchor = base
  for (let n = 2; used.has(anchor); n++) anchor = `${base}-${n}`
  used.add(anchor)
  return anchor
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
