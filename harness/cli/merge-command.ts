import { defaultBlobDir } from '#harness/runner/execute-plan.ts'
import { ShardBlobsError } from '#harness/runner/find-shard-blobs.ts'
import { mergeShards } from '#harness/runner/merge-shards.ts'
import { parseFlags } from '#harness/cli/select-run.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { checkReporter, githubReportAfter, reporterOption } from '#harness/cli/github-report.ts'

/**
 * `contract-kit merge-reports [DIR] [--out DIR]`: joins the blob reports the shards of one run left in DIR (default
 * `.vitest-reports`) and writes the whole run's reports, as `run` would have. Exit 0 or 1 like `run`; 2 (a UsageError)
 * when DIR is missing, holds no blob, holds something else, or lacks a shard.
 */
export async function mergeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags({ args, options: { out: { type: 'string', default: 'reports' }, ...reporterOption }, allowPositionals: true, strict: true })
  checkReporter(values.reporter)
  if (positionals.length > 1) throw new UsageError(`merge-reports takes one blob folder, got ${positionals.length}: ${positionals.map((p) => JSON.stringify(p)).join(' ')}`)
  try {
    const results = await mergeShards(positionals[0] ?? defaultBlobDir, { outDir: values.out })
    githubReportAfter(results, { reporter: values.reporter, outDir: values.out })
    return results.passed ? 0 : 1
  } catch (error) {
    if (error instanceof ShardBlobsError) throw new UsageError(error.message)
    throw error
  }
}
