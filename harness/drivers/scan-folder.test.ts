import { afterAll, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scanFolder } from '#harness/drivers/scan-folder.ts'

const root = mkdtempSync(join(tmpdir(), 'contract-kit-scan-folder-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('lists files by digest, folders and links, and a pipe or socket a runtime left by its type without opening it', async () => {
  mkdirSync(join(root, 'db'))
  writeFileSync(join(root, 'db', 'a.txt'), 'a')
  symlinkSync('/etc/hostname', join(root, 'link'))
  execFileSync('mkfifo', [join(root, 'tsx.pipe')])
  const server = createServer()
  await new Promise<void>((done) => server.listen(join(root, 'ipc.sock'), done))
  try {
    expect(scanFolder(root)).toEqual({
      db: { kind: 'dir', digest: '' },
      'db/a.txt': { kind: 'file', digest: 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb' },
      'ipc.sock': { kind: 'special', digest: 'socket' },
      link: { kind: 'link', digest: '/etc/hostname' },
      'tsx.pipe': { kind: 'special', digest: 'fifo' },
    })
  } finally {
    server.close()
  }
})
