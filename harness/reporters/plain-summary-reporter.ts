import type { Reporter, TestCase, TestModule } from 'vitest/node'

/** A vitest reporter that prints the plain `N passed, N failed` line last (what CI reads); an error outside any test counts as a failure. */
export default class PlainSummaryReporter implements Reporter {
  #passed = 0
  #failed = 0
  #skipped = 0

  /** Called when a test case finishes: counts it. */
  onTestCaseResult(testCase: TestCase): void {
    const state = testCase.result().state
    if (state === 'passed') this.#passed++
    else if (state === 'failed') this.#failed++
    else this.#skipped++
  }

  /** Called when the run ends: prints the summary line. */
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    const broken = modules.filter((m) => m.errors().length > 0).length + errors.length
    const failed = this.#failed + broken
    console.log(`${this.#passed} passed, ${failed} failed${this.#skipped ? `, ${this.#skipped} skipped` : ''}`)
  }
}
