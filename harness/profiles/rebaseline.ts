import type { RunResults } from '#harness/reporters/run-results.ts'
import { matchCaseId } from '#harness/scenario/match-case-id.ts'

/** A known-failing or known-flaky entry as a profile writes it. */
export interface ProfileEntry {
  case: string
  contract?: string
  reason: string
  link: string
  expires?: string
}

/** A rewritten list: each item keeps an entry of the old list (by index) or adds one. */
export type ListPlan = Array<{ keep: number } | { add: ProfileEntry }>

/** The new known-failing and known-flaky lists, and what changed. */
export interface Rebaseline {
  list: ListPlan
  /** Known-failing entries dropped: every case they cover ran, and none of their contracts broke (stale). */
  removed: ProfileEntry[]
  /** New known-failing entries: a contract that broke in every run and no entry covers. */
  added: ProfileEntry[]
  /** The known-flaky list: every old entry kept, then the moved and new ones. */
  flaky: ListPlan
  /** Known-failing entries moved to the known-flaky list: what they cover broke in some runs, not all. */
  moved: ProfileEntry[]
  /** New known-flaky entries: a contract that broke in some runs and not in others, and no entry covers. */
  addedFlaky: ProfileEntry[]
  /** Cases whose run ended in `error`: their entries are kept untouched, since nothing was decided. */
  undecided: string[]
}

/**
 * Rewrites a profile's lists from one or more runs made without expectations (the same selection each time): a
 * known-failing entry is kept while it covers a contract that broke in every run, moved to the known-flaky list when
 * what it covers broke in some runs only, dropped when every case it covers ran and it covers nothing that broke, and
 * kept untouched when it covers a case that did not run (or ended in error). Known-flaky entries are all kept: no
 * number of runs shows a case is not flaky. Each uncovered contract that broke gets a new exact entry: known-failing
 * when it broke every time, known-flaky when it did not.
 */
export function rebaseline(
  old: readonly ProfileEntry[],
  attempts: RunResults | readonly RunResults[],
  adapter: string,
  allScenarioIds: readonly string[],
  link: string | undefined,
  oldFlaky: readonly ProfileEntry[] = [],
): Rebaseline {
  const runsOf = (Array.isArray(attempts) ? attempts : [attempts]).map((r: RunResults) => r.runs.filter((run) => run.adapter === adapter))
  const decided = (verdict: string) => verdict !== 'error' && verdict !== 'untestable'
  const ran = new Set(runsOf.flat().filter((r) => decided(r.verdict)).map((r) => r.scenario))
  const undecided = [...new Set(runsOf.flat().filter((r) => !decided(r.verdict)).map((r) => r.scenario))].filter((id) => !ran.has(id))
  const broken = brokenPairs(runsOf)
  const covers = (e: ProfileEntry, scenario: string, contract: string) => matchCaseId(e.case, scenario) && (e.contract === undefined || matchCaseId(e.contract, contract))
  const coveredByFlaky = (b: BrokenPair) => oldFlaky.some((e) => covers(e, b.scenario, b.contract))
  const open = broken.filter((b) => !coveredByFlaky(b))

  const list: ListPlan = []
  const removed: ProfileEntry[] = []
  const moved: ProfileEntry[] = []
  old.forEach((e, index) => {
    const inScope = allScenarioIds.filter((id) => matchCaseId(e.case, id)).every((id) => ran.has(id))
    const mine = open.filter((b) => covers(e, b.scenario, b.contract))
    if (!inScope || mine.some((b) => b.always)) list.push({ keep: index })
    else if (mine.length > 0) moved.push(e)
    else removed.push(e)
  })
  const added: ProfileEntry[] = []
  const addedFlaky: ProfileEntry[] = []
  for (const b of open) {
    if (old.some((e) => covers(e, b.scenario, b.contract)) || moved.some((e) => covers(e, b.scenario, b.contract))) continue
    const entry = { case: b.scenario, contract: b.contract, reason: oneLine(b.always ? b.message : `broke in ${b.times} of ${runsOf.length} runs: ${b.message}`), link: link ?? '' }
    ;(b.always ? added : addedFlaky).push(entry)
  }
  for (const a of added) list.push({ add: a })
  const flaky: ListPlan = [...oldFlaky.map((_, index) => ({ keep: index })), ...[...moved, ...addedFlaky].map((add) => ({ add }))]
  return { list, removed, added, flaky, moved, addedFlaky, undecided }
}

/** A contract that broke in at least one run: where, how often, whether in every run that decided its case, and its first message. */
interface BrokenPair {
  scenario: string
  contract: string
  message: string
  times: number
  always: boolean
}

function brokenPairs(runsOf: ReadonlyArray<RunResults['runs']>): BrokenPair[] {
  const pairs = new Map<string, BrokenPair>()
  const decidedRuns = new Map<string, number>()
  for (const runs of runsOf) {
    for (const run of runs) {
      if (run.verdict === 'error' || run.verdict === 'untestable') continue
      decidedRuns.set(run.scenario, (decidedRuns.get(run.scenario) ?? 0) + 1)
      for (const c of run.contracts) {
        if (c.verdict !== 'broken') continue
        const key = `${run.scenario}\n${c.id}`
        const pair = pairs.get(key) ?? { scenario: run.scenario, contract: c.id, message: c.message, times: 0, always: false }
        pair.times++
        pairs.set(key, pair)
      }
    }
  }
  return [...pairs.values()].map((p) => ({ ...p, always: p.times === decidedRuns.get(p.scenario) }))
}

function oneLine(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 197)}...` : line || 'broken when the baseline was taken'
}
