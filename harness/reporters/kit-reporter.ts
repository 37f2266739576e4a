import { relative } from 'node:path'
import { shownPath } from '#harness/runner/shown-path.ts'
import type { Reporter, TestCase, TestModule } from 'vitest/node'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { NotRun, RunResults } from '#harness/reporters/run-results.ts'
import { terminalText } from '#harness/reporters/terminal-text.ts'
import { writeReports } from '#harness/reporters/write-reports.ts'
import { describeSettling } from '#harness/timing/settle-run.ts'

/**
 * The kit's vitest reporter: gathers each scenario run's outcome from its test's meta and, when the run ends, writes
 * `results.json`, `junit.xml`, `summary.md` and the History of every run that did not hold into its folder.
 */
export class KitReporter implements Reporter {
  readonly #outcomes: RunOutcome[] = []
  readonly #errors: string[] = []
  #results: RunResults | undefined
  #interruptedBy: string | undefined

  constructor(
    readonly outDir: string,
    /** `planned`: the runs the plan holds, so an interrupted run can say which did not run; `timeScale`: the run's (absent: the least its runs began at). */
    readonly options: { quiet?: boolean; planned?: readonly NotRun[]; timeScale?: number } = {},
  ) {}

  /**
   * Stops taking outcomes: the run was interrupted by `signal`. What finished before counts; a run still going counts as
   * not run (its processes are being ended, so how it ends says nothing), and so do the errors of the run ending.
   */
  interrupt(signal: string): void {
    this.#interruptedBy ??= signal
  }

  /** Writes the reports of an interrupted run now, unless they are written already; returns the results. */
  writeInterrupted(): RunResults {
    if (!this.#results) this.onTestRunEnd([], [])
    return this.#results!
  }

  /** The results of the finished run (undefined before it ends). */
  get results(): RunResults | undefined {
    return this.#results
  }

  /** Called when a test case finishes: keeps its outcome, or records a kit error when it failed without one. */
  onTestCaseResult(testCase: TestCase): void {
    if (this.#interruptedBy) return
    const outcome = (testCase.meta() as { kit?: RunOutcome }).kit
    if (outcome) this.#outcomes.push(outcome)
    else if (testCase.result().state === 'failed') {
      this.#errors.push(`${testCase.fullName}: ${testCase.result().errors?.[0]?.message ?? 'failed'}`.split('\n')[0])
    }
  }

  /** Called when the run ends: writes every report, the histories first and results.json last. */
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    if (this.#results) return // an interrupted run's reports are written once, when it stops
    const interruptedBy = this.#interruptedBy
    if (!interruptedBy) {
      for (const m of modules) for (const e of m.errors()) this.#errors.push(`${relative(process.cwd(), m.moduleId)}: ${e.message.split('\n')[0]}`)
      for (const e of errors) this.#errors.push(`unhandled error: ${String((e as Error)?.message ?? e).split('\n')[0]}`)
    }
    const done = new Set(this.#outcomes.map((o) => JSON.stringify([o.adapter, o.scenario])))
    const interruption = interruptedBy ? { signal: interruptedBy, notRun: (this.options.planned ?? []).filter((p) => !done.has(JSON.stringify([p.adapter, p.scenario]))) } : undefined
    const results = writeReports(this.outDir, this.#outcomes, this.#errors, undefined, interruption, this.options.timeScale ?? firstScale(this.#outcomes))
    this.#results = results
    if (this.options.quiet) return
    const c = results.counts
    const shown = shownPath(this.outDir)
    const scale = results.timeScale === 1 ? '' : ` at time scale ${results.timeScale}`
    console.log(`\ncontract-kit: ${c.runs} runs${scale}: ${c.held} held, ${c['expected-broken']} expected-broken, ${c.broken} broken, ${c['unexpected-held']} unexpected-held, ${c.error} error${c.untestable ? `, ${c.untestable} untestable` : ''}`)
    for (const run of results.runs) {
      if (['held', 'expected-broken'].includes(run.verdict)) continue
      console.log(`  ${run.verdict}: ${run.scenario} on ${run.adapter}`)
      for (const c of run.contracts) {
        if (c.verdict === 'broken' && !c.expectedBy) console.log(`    ${c.id} broken: ${terminalText(c.message)}`)
        // an error run's message already names each exercised contract left unjudged (or the adapter failure that left them all)
        if ((c.verdict === 'not-applicable' || c.verdict === 'unknown') && c.exercised && !run.error) console.log(`    ${c.id} ${c.verdict} (exercised): ${terminalText(c.reason)}`)
      }
      for (const s of run.stale) console.log(`    stale entry ${s.pattern} (${s.source}): it excuses nothing that broke`)
      if (run.error) console.log(`    ${terminalText(run.error.message.split('\n')[0] ?? '')}`)
      console.log(`    Reproduce with: ${run.reproduce}`)
    }
    for (const run of results.runs) if (run.attempts) console.log(`  known flaky: ${run.scenario} on ${run.adapter}: ${run.verdict} after ${run.attempts.length} attempts (${run.attempts.join(', ')})`)
    for (const run of results.runs) {
      const settled = describeSettling(run)
      if (settled) console.log(`  run again: ${run.scenario} on ${run.adapter}: ${terminalText(settled)}`)
    }
    for (const e of results.errors) console.log(`  kit error: ${terminalText(e)}`)
    if (results.interrupted) console.log(`contract-kit: interrupted by ${results.interruptedBy}: ${results.notRun?.length ?? 0} of ${c.runs + (results.notRun?.length ?? 0)} runs did not run`)
    console.log(`reports: ${shown}/results.json, junit.xml, summary.md, matrix.html${results.runs.some((r) => r.history) ? `, ${historyCount(results.runs.filter((r) => r.history).length)}` : ''}`)
  }
}

/** The run's scale when it was not given (a merge of shards): the least scale any run's first attempt ran at (1 with no run). */
function firstScale(outcomes: readonly RunOutcome[]): number {
  const least = Math.min(...outcomes.map((o) => o.settling?.[0]?.timeScale ?? o.timeScale ?? 1))
  return Number.isFinite(least) ? least : 1
}

/** "1 history", "3 histories". */
function historyCount(n: number): string {
  return n === 1 ? '1 history' : `${n} histories`
}
