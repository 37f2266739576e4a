import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { UsageError } from '#harness/cli/usage-error.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { writeGithubReport } from '#harness/reporters/github-annotations.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

/** The `--reporter` flag of run and merge-reports: `github` writes GitHub Actions annotations (on by itself when GITHUB_ACTIONS=true). */
export const reporterOption = { reporter: { type: 'string' } } as const

/** Checks `--reporter` before anything runs: only `github` is known (a UsageError otherwise). */
export function checkReporter(reporter: string | undefined): void {
  if (reporter !== undefined && reporter !== 'github') throw new UsageError(`--reporter: expected github, got ${JSON.stringify(reporter)}`)
}

/**
 * After a run wrote its reports into `outDir`: its GitHub Actions annotations and step summary, when `--reporter github`
 * asks for them or the run is a GitHub Actions job (GITHUB_ACTIONS=true); nothing otherwise.
 */
export function githubReportAfter(results: RunResults, options: { reporter: string | undefined; outDir: string; scenarioDir?: string; env?: NodeJS.ProcessEnv }): void {
  const { reporter, env = process.env } = options
  if (reporter !== 'github' && env.GITHUB_ACTIONS !== 'true') return
  writeGithubReport(results, { scenarioDir: options.scenarioDir ?? scenarioRoot, summary: readFileSync(join(options.outDir, 'summary.md'), 'utf8'), env })
}
