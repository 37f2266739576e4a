import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** A blob folder that cannot be merged: missing, empty, holding something else, or missing a shard (one line for the user). */
export class ShardBlobsError extends Error {
  override readonly name = 'ShardBlobsError'
}

const blobName = /^blob(?:-(\d+)-(\d+))?\.json$/

/**
 * The blob reports in a folder, checked before vitest merges them: at least one, nothing else in the folder, and for
 * sharded blobs (`blob-<i>-<n>.json`) every shard 1…n of one count, so a shard that never finished fails the merge.
 */
export function findShardBlobs(dir: string): string[] {
  let names: string[]
  try {
    if (!statSync(dir).isDirectory()) throw new ShardBlobsError(`${dir} is not a folder of blob reports`)
    names = readdirSync(dir).sort()
  } catch (error) {
    if (error instanceof ShardBlobsError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new ShardBlobsError(`no blob reports: ${dir} ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${code})`} (each shard writes one: contract-kit run --shard I/N)`)
  }
  if (names.length === 0) throw new ShardBlobsError(`no blob reports in ${dir} (each shard writes one: contract-kit run --shard I/N)`)
  const inRange = (m: RegExpExecArray | null) => m !== null && (m[1] === undefined || (Number(m[1]) >= 1 && Number(m[1]) <= Number(m[2])))
  const stranger = names.find((name) => !inRange(blobName.exec(name)) || !statSync(join(dir, name)).isFile())
  if (stranger !== undefined) throw new ShardBlobsError(`${join(dir, stranger)} is not a blob report (blob-<i>-<n>.json): the folder must hold only the shards' blobs`)
  const shards = names.map((name) => blobName.exec(name)!).filter((m) => m[1] !== undefined).map((m) => ({ index: Number(m[1]), count: Number(m[2]) }))
  if (shards.length > 0 && shards.length < names.length) throw new ShardBlobsError(`${dir} holds blob.json beside the shards' blobs: they are not parts of one run`)
  const counts = [...new Set(shards.map((s) => s.count))]
  if (counts.length > 1) throw new ShardBlobsError(`the blobs in ${dir} come from different shard counts (${counts.map((n) => `/${n}`).join(', ')}): merge the shards of one run`)
  if (counts.length === 1) {
    const missing = Array.from({ length: counts[0] }, (_, i) => i + 1).filter((i) => !shards.some((s) => s.index === i))
    if (missing.length > 0) throw new ShardBlobsError(`${dir} lacks ${missing.map((i) => `blob-${i}-${counts[0]}.json`).join(', ')}: shard ${missing.map((i) => `${i}/${counts[0]}`).join(', ')} did not finish, so the merge would judge part of the run`)
  }
  return names.map((name) => join(dir, name))
}
