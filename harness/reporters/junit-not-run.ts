import type { RunResults } from '#harness/reporters/run-results.ts'

/**
 * The JUnit lines of an interrupted run's runs that did not run: one test suite, `not run (interrupted by SIGINT)`, of
 * skipped test cases named as the runs would have been (classname the adapter, name the scenario), each with the
 * message. None for a run that was not interrupted. `esc` escapes text for XML, as junit.xml does everywhere.
 */
export function junitNotRun(results: RunResults, esc: (text: string) => string): string[] {
  const notRun = results.notRun ?? []
  if (!results.interrupted || notRun.length === 0) return []
  const why = `not run: the run was interrupted by ${results.interruptedBy ?? 'a signal'}`
  const lines = [`  <testsuite name="${esc(`not run (interrupted by ${results.interruptedBy ?? 'a signal'})`)}" tests="${notRun.length}" failures="0" errors="0" skipped="${notRun.length}">`]
  for (const r of notRun) {
    lines.push(`    <testcase classname="${esc(r.adapter)}" name="${esc(r.scenario)}">`, `      <skipped message="${esc(why)}"/>`, '    </testcase>')
  }
  lines.push('  </testsuite>')
  return lines
}
