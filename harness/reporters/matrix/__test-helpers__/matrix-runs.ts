import { runResults } from '#harness/reporters/run-results.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { historyFileName } from '#harness/reporters/history-file-name.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { History } from '#harness/history/history.ts'

/** Test helper: the History a failing run keeps (its content is not read here). */
export const history = {} as History

/** Test helper: the adapters and contracts the matrix tests name. */
export const reference = 'pager/reference'
export const prefix = 'pager/analysis-result-budget'
export const fits = 'size/page-fits-ceilings'
export const reachable = 'recovery/first-page-reachable'
export const limit = 'size/limit-is-upper-bound'

/** Test helper: a broken page-fits-ceilings whose witness measures `value` against `max`. */
export const over = (value: number, max: number): ContractOutcome => ({
  id: fits,
  exercised: true,
  verdict: 'broken',
  message: `the page read at event 2 measures retained-bytes ${value}, over its ceiling ${max}`,
  witness: { event: 2, measure: 'retained-bytes', value, max },
})

/** Test helper: one pager run of an adapter and scenario with these contract outcomes (a History when one failed). */
export function run(adapter: string, scenario: string, contracts: ContractOutcome[], extra: Partial<RunOutcome> = {}): RunOutcome {
  const failing = contracts.some((c) => c.verdict === 'broken' || c.verdict === 'unknown')
  return {
    scenario,
    adapter,
    port: 'pager',
    system: { name: adapter, transport: 'in-process', ports: ['pager'] },
    verdict: contracts.some((c) => c.verdict === 'broken' && !c.expectedBy) ? 'broken' : failing ? 'expected-broken' : 'held',
    exercises: contracts.filter((c) => c.exercised).map((c) => c.id),
    contracts,
    stale: [],
    reproduce: `npx contract-kit run --adapter ${adapter} --scenario ${scenario} --no-expectations`,
    ...(failing ? { history } : {}),
    ...extra,
  }
}

/** Test helper: the results.json of these runs and errors. */
export const results = (outcomes: RunOutcome[], errors: string[] = []): RunResults => runResults(outcomes, errors, (o) => historyFileName(o.adapter, o.scenario))

/** Test helper: the HTML of the cell of one adapter × contract (the `<td>` element). */
export function cell(html: string, adapter: string, contract: string): string {
  const match = new RegExp(`<td class="cell[^"]*" data-adapter="${adapter}" data-contract="${contract}"[^>]*>.*?</td>`).exec(html)
  if (!match) throw new Error(`no cell ${adapter} × ${contract}`)
  return match[0]
}

/** Test helper: the witness section a cell's link opens. */
export function witnessOf(html: string, cellHtml: string): string {
  const anchor = /href="#([^"]+)"/.exec(cellHtml)![1]
  const match = new RegExp(`<section class="witness" id="${anchor}"[\\s\\S]*?</section>`).exec(html)
  if (!match) throw new Error(`no witness section ${anchor}`)
  return match[0]
}

/** Test helper: a held contract with its evidence. */
export const held = (id: string, evidence = `${id} seen`): ContractOutcome => ({ id, exercised: true, verdict: 'held', evidence, figures: { seen: 1 } })
/** Test helper: a contract with nothing to judge, and why. */
export const notApplicable = (id: string, reason: string, exercised = false): ContractOutcome => ({ id, exercised, verdict: 'not-applicable', reason })

/** Test helper: the issue's matrix — the reference holds, the pre-fix pager breaks page-fits-ceilings and first-page-reachable. */
export const issue = results([
  run(reference, 'regressions/a/default-read', [held(fits), held(reachable), held(limit)]),
  run(reference, 'regressions/a/limit-one', [held(fits), held(limit)]),
  run(prefix, 'regressions/a/default-read', [over(922232, 262144), { id: reachable, exercised: true, verdict: 'broken', message: 'page 1 is unreachable', witness: { outcome: { kind: 'provider_result_limit' } } }, held(limit)]),
  run(prefix, 'regressions/a/limit-one', [held(fits), held(limit)]),
  run(prefix, 'regressions/a/oversized', [over(922232, 122215), held(limit)]),
])
