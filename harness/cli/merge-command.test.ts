import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mergeCommand } from '#harness/cli/merge-command.ts'
import { UsageError } from '#harness/cli/usage-error.ts'

let tmp: string
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'contract-kit-merge-'))
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

/** A folder holding these files (their content is never read: every case here is refused before vitest starts). */
async function folderWith(name: string, files: string[]): Promise<string> {
  const dir = join(tmp, name)
  await mkdir(dir, { recursive: true })
  for (const file of files) await writeFile(join(dir, file), '[]')
  return dir
}

/** The one line a refused merge-reports shows (main prints it after `contract-kit: ` and exits 2). */
async function refusal(args: string[]): Promise<string> {
  const error = await mergeCommand(args).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(UsageError)
  const message = (error as UsageError).message
  expect(message.split('\n')).toHaveLength(1)
  return message
}

describe('contract-kit merge-reports refuses what it cannot merge (exit 2)', () => {
  it('a missing folder', async () => {
    expect(await refusal([join(tmp, 'nowhere')])).toMatch(/^no blob reports: .*nowhere does not exist/)
  })
  it('an empty folder', async () => {
    expect(await refusal([await folderWith('empty', [])])).toMatch(/^no blob reports in /)
  })
  it('a shard missing: the merge would judge part of the run', async () => {
    expect(await refusal([await folderWith('two-of-three', ['blob-1-3.json', 'blob-3-3.json'])])).toMatch(/lacks blob-2-3\.json: shard 2\/3 did not finish/)
  })
  it('shards of different counts', async () => {
    expect(await refusal([await folderWith('mixed', ['blob-1-2.json', 'blob-2-2.json', 'blob-1-3.json'])])).toMatch(/different shard counts \(\/2, \/3\)/)
  })
  it('an unsharded blob beside the shards', async () => {
    expect(await refusal([await folderWith('unsharded', ['blob.json', 'blob-1-1.json'])])).toMatch(/blob\.json beside the shards' blobs/)
  })
  it('something else in the folder', async () => {
    expect(await refusal([await folderWith('stranger', ['blob-1-1.json', 'notes.txt'])])).toMatch(/notes\.txt is not a blob report/)
  })
  it('a blob vitest cannot read', async () => {
    expect(await refusal([await folderWith('unreadable', ['blob-1-1.json'])])).toMatch(/^cannot merge .*unreadable: /)
  })
  it('two folders, or an unknown flag', async () => {
    expect(await refusal(['a', 'b'])).toMatch(/one blob folder, got 2/)
    expect(await refusal(['--shard', '1/3'])).toMatch(/Unknown option '--shard'/)
  })
})
