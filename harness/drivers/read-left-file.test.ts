import { afterAll, describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readLeftFile } from '#harness/drivers/read-left-file.ts'

// Files an implementation left are hostile until shown otherwise: a pipe would block the reader for good (open(2)
// waits for a writer, and a thread stuck there keeps a worker from ever exiting), a hard link or a symlink may lead
// anywhere, a file may be as large as the disk. Each case must end at once: a test that would hang fails at 5 s.
const root = mkdtempSync(join(tmpdir(), 'contract-kit-read-left-file-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const fast = { timeout: 5_000 }
const MiB = 1024 * 1024

describe('readLeftFile', () => {
  test('reads a regular file with one link whole, and gives its size', fast, () => {
    writeFileSync(join(root, 'spill.txt'), 'line 1\nline 2\n')
    expect(readLeftFile(join(root, 'spill.txt'), { limit: 64 * MiB })).toEqual({ ok: true, bytes: Buffer.from('line 1\nline 2\n'), size: 14 })
  })

  test('a named pipe (FIFO) is refused without waiting for a writer', fast, () => {
    const fifo = join(root, 'spill.pipe')
    execFileSync('mkfifo', [fifo])
    expect(readLeftFile(fifo, { limit: 64 * MiB })).toEqual({ ok: false, type: 'fifo', reason: 'a named pipe (FIFO), not a regular file: never read' })
  })

  test('a socket, a directory and a missing file are refused with their reason, never thrown', fast, async () => {
    const server = createServer()
    await new Promise<void>((done) => server.listen(join(root, 'ipc.sock'), done))
    try {
      expect(readLeftFile(join(root, 'ipc.sock'), { limit: MiB })).toMatchObject({ ok: false, type: 'socket', reason: expect.stringMatching(/^a socket/) })
    } finally {
      server.close()
    }
    mkdirSync(join(root, 'sub'))
    expect(readLeftFile(join(root, 'sub'), { limit: MiB })).toMatchObject({ ok: false, type: 'directory' })
    expect(readLeftFile(join(root, 'missing.txt'), { limit: MiB })).toEqual({ ok: false, type: 'unreadable', reason: 'a file the kit cannot open or read (ENOENT)' })
  })

  test('a character device is refused unopened', fast, () => {
    expect(readLeftFile('/dev/zero', { limit: MiB })).toEqual({ ok: false, type: 'device', reason: 'a character device, not a regular file: never read' })
  })

  test('a symlink is never followed, even to a regular file', fast, () => {
    writeFileSync(join(root, 'target.txt'), 'secret')
    symlinkSync(join(root, 'target.txt'), join(root, 'link.txt'))
    expect(readLeftFile(join(root, 'link.txt'), { limit: MiB })).toEqual({ ok: false, type: 'symlink', reason: 'a symbolic link (never followed)' })
  })

  test('a regular file with more than one link (a hard link) is refused unread, both its names', fast, () => {
    writeFileSync(join(root, 'outside.txt'), 'SECRET')
    linkSync(join(root, 'outside.txt'), join(root, 'hard.txt'))
    for (const name of ['hard.txt', 'outside.txt']) {
      const left = readLeftFile(join(root, name), { limit: MiB })
      expect(left).toMatchObject({ ok: false, type: 'hard-link', reason: expect.stringContaining('2 links') })
      expect(JSON.stringify(left)).not.toContain('SECRET')
    }
  })

  test('a file over the limit: its head and its size, or with `whole` refused unread (a sparse file: no disk used)', fast, () => {
    const big = join(root, 'big.txt')
    writeFileSync(big, 'head')
    truncateSync(big, 64 * MiB + 1)
    const head = readLeftFile(big, { limit: 16 })
    expect(head).toMatchObject({ ok: true, size: 64 * MiB + 1 })
    expect(head.ok && head.bytes.length).toBe(16)
    expect(head.ok && head.bytes.subarray(0, 4).toString()).toBe('head')
    expect(readLeftFile(big, { limit: 64 * MiB, whole: true })).toEqual({ ok: false, type: 'too-large', reason: `a file of ${64 * MiB + 1} bytes, over the ${64 * MiB} bytes the kit reads back, never read` })
  })
})
