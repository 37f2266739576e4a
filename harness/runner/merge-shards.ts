import { resolve } from 'node:path'
import { contractsVitestOptions } from '#harness/runner/contracts-vitest-options.ts'
import { KitReporter } from '#harness/reporters/kit-reporter.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { findShardBlobs, ShardBlobsError } from '#harness/runner/find-shard-blobs.ts'


/** Where the merged reports go and how much is printed. */
export interface MergeOptions {
  /** The reports folder (results.json, junit.xml, summary.md, histories/), as `executePlan` writes it. */
  outDir: string
  /** Print nothing (no vitest replay, no kit summary). */
  quiet?: boolean
}

/**
 * Joins the blob reports of a sharded run (`executePlan` with `shard`) with vitest's merge: replays every shard's tests,
 * with their meta, through the kit's reporter, which writes the whole run's reports. Throws ShardBlobsError when the
 * folder is missing, empty, holds something else or lacks a shard, or when vitest cannot read a blob.
 */
export async function mergeShards(blobDir: string, options: MergeOptions): Promise<RunResults> {
  findShardBlobs(blobDir)
  const dir = resolve(blobDir) // absolute: vitest resolves it against the process's directory, not its root
  const reporter = new KitReporter(resolve(options.outDir), { quiet: options.quiet })
  const { createVitest } = await import('vitest/node')
  let replaying = false // vitest reads every blob before it calls the reporters' onInit
  const vitest = await createVitest('test', {
    ...contractsVitestOptions(),
    reporters: [...(options.quiet ? [] : ['default' as const]), { onInit: () => void (replaying = true) }, reporter],
  })
  try {
    await vitest.mergeReports(dir)
  } catch (error) {
    if (replaying) throw error
    throw new ShardBlobsError(`cannot merge ${blobDir}: ${String((error as Error)?.message ?? error).split('\n')[0]}`, { cause: error })
  } finally {
    await vitest.close()
  }
  if (!reporter.results) throw new Error('the merge ended without results: vitest did not replay the blobs')
  return reporter.results
}
