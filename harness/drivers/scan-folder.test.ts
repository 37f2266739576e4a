import { afterAll, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scanFolder } from '#harness/drivers/scan-folder.ts'

const root = mkdtempSync(join(tmpdir(), 'contract-kit-scan-folder-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const fast = { timeout: 5_000 }

test('lists files by digest, folders and links, and a pipe or socket a runtime left by its type without opening it', fast, async () => {
  const at = join(root, 'kinds')
  mkdirSync(join(at, 'db'), { recursive: true })
  writeFileSync(join(at, 'db', 'a.txt'), 'a')
  symlinkSync('/etc/hostname', join(at, 'link'))
  execFileSync('mkfifo', [join(at, 'tsx.pipe')])
  const server = createServer()
  await new Promise<void>((done) => server.listen(join(at, 'ipc.sock'), done))
  try {
    expect(scanFolder(at)).toEqual({
      db: { kind: 'dir', digest: '' },
      'db/a.txt': { kind: 'file', digest: 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb' },
      'ipc.sock': { kind: 'special', digest: 'socket', refused: 'a socket, not a regular file: never read' },
      link: { kind: 'link', digest: '/etc/hostname' },
      'tsx.pipe': { kind: 'special', digest: 'fifo', refused: 'a named pipe (FIFO), not a regular file: never read' },
    })
  } finally {
    server.close()
  }
})

test('a hard-linked file is listed unread, with its reason; its digest changes when its link count does', fast, () => {
  const at = join(root, 'links')
  mkdirSync(at)
  writeFileSync(join(at, 'decoy.txt'), 'SECRET')
  const alone = scanFolder(at)['decoy.txt']
  linkSync(join(at, 'decoy.txt'), join(at, 'hard.txt'))
  const linked = scanFolder(at)
  expect(linked['hard.txt']).toEqual({ kind: 'file', digest: 'refused: hard-link', refused: expect.stringContaining('2 links') })
  expect(linked['decoy.txt']).not.toEqual(alone)
})

test('a file past 16 MiB is hashed up to 16 MiB and measured for the rest (a sparse file: no disk used)', fast, () => {
  const at = join(root, 'large')
  mkdirSync(at)
  const big = join(at, 'store.sqlite')
  writeFileSync(big, '')
  truncateSync(big, 1024 * 1024 * 1024)
  const head = createHash('sha256').update(Buffer.alloc(16 * 1024 * 1024)).digest('hex')
  expect(scanFolder(at)).toEqual({ 'store.sqlite': { kind: 'file', digest: `${head}:first ${16 * 1024 * 1024} of ${1024 * 1024 * 1024} bytes` } })
})

test('a folder it cannot list is an entry with its reason, never a throw', fast, () => {
  const at = join(root, 'locked')
  mkdirSync(join(at, 'inner'), { recursive: true })
  execFileSync('chmod', ['000', join(at, 'inner')])
  try {
    const entry = scanFolder(at).inner
    // root reads any folder: then it is listed as usual
    expect(entry).toEqual(process.getuid?.() === 0 ? { kind: 'dir', digest: '' } : { kind: 'dir', digest: '', refused: 'a folder the kit cannot list (EACCES)' })
  } finally {
    execFileSync('chmod', ['700', join(at, 'inner')])
  }
})
