import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { existsSync, linkSync, mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readRecovered } from '#harness/recovery/read-recovered.ts'
import { makeGrant, secret, type Grant } from '#fixtures/systems/tool-output/__test-helpers__/make-grant.ts'

let grant: Grant
beforeEach(() => {
  grant = makeGrant()
})
afterEach(() => grant.remove())

const lines = (n: number, last = '\n') => Array.from({ length: n }, (_, i) => `line ${i + 1} 日本 😀`).join('\n') + last

describe('readRecovered', () => {
  test.for([
    ['a final newline', lines(1000)],
    ['no final newline', lines(1000, '')],
    ['exactly 240 lines', lines(240)],
    ['one line without a newline', 'only'],
    ['blank lines and CRLF', 'a\r\n\n\nb\r\n\n'],
    ['an empty file', ''],
  ])('reads the whole file back byte for byte in chunks of at most 240 lines (%s)', async ([, content]) => {
    const path = join(grant.folder, 'snapshot.txt')
    writeFileSync(path, content)
    const read = await readRecovered(`sed -n '1,240p' ${path}`, grant.folder)
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(Buffer.from(read.text)).toEqual(Buffer.from(content))
    expect(read.chunks.every((c) => c.to - c.from + 1 <= 240 && c.to >= c.from)).toBe(true)
    expect(read.chunks.map((c) => c.from)).toEqual(read.chunks.map((_, i) => 1 + 240 * i))
    expect(read.chunks.reduce((sum, c) => sum + c.bytes, 0)).toBe(Buffer.byteLength(content))
  })

  test("follows the command's own range forward: from line A, B − A + 1 lines a chunk", async () => {
    writeFileSync(join(grant.folder, 'snapshot.txt'), lines(25))
    const read = await readRecovered('sed -n "11,20p" snapshot.txt', grant.folder)
    expect(read).toEqual({ ok: true, text: lines(25).split('\n').slice(10).join('\n'), chunks: [{ from: 11, to: 20, bytes: expect.any(Number) }, { from: 21, to: 25, bytes: expect.any(Number) }] })
  })

  test('never reads outside the grant: ../, absolute paths outside and symlinks out are refused, the secret never appears', async () => {
    symlinkSync(grant.decoy, join(grant.folder, 'link.txt'))
    symlinkSync(join(grant.root, 'outside'), join(grant.folder, 'dir'))
    const commands = [
      `sed -n '1,240p' ${grant.folder}/../outside/decoy.txt`,
      `sed -n '1,240p' ${grant.decoy}`,
      `sed -n '1,240p' ${grant.folder}/link.txt`,
      `sed -n '1,240p' dir/decoy.txt`,
      `sed -n '1,240p' link.txt`,
    ]
    for (const command of commands) {
      const read = await readRecovered(command, grant.folder)
      expect(read).toMatchObject({ ok: false, finding: { kind: 'refused', quoted: command } })
      expect(JSON.stringify(read)).not.toContain(secret)
    }
  })

  test('never executes anything: appended commands and substitutions are refused and the marker file never appears', async () => {
    const path = join(grant.folder, 'snapshot.txt')
    writeFileSync(path, lines(10))
    const pwned = join(grant.root, 'pwned')
    for (const command of [
      `sed -n '1,240p' ${path}; touch ${pwned}`,
      `sed -n '1,240p' ${path} && touch ${pwned}`,
      `sed -n '1,240p' ${path} $(touch ${pwned})`,
      `sed -n '1,240p' "$(touch ${pwned})"`,
      `sed -n '1,240p' \`touch ${pwned}\``,
      `sed -n '1,240p' ${path} | tee ${pwned}`,
      `sed -n '1,240p' ${path} > ${pwned}`,
    ]) {
      expect(await readRecovered(command, grant.folder)).toMatchObject({ ok: false, finding: { quoted: command } })
    }
    expect(existsSync(pwned)).toBe(false)
  })

  test('a directory or a missing file is refused, not thrown', async () => {
    mkdirSync(join(grant.folder, 'sub'))
    expect(await readRecovered("sed -n '1,240p' sub", grant.folder)).toMatchObject({ ok: false })
    expect(await readRecovered("sed -n '1,240p' missing.txt", grant.folder)).toMatchObject({ ok: false })
  })

  // Files the tool left are read defensively (harness/drivers/read-left-file.ts): each case ends at once, with its reason.
  const fast = { timeout: 5_000 }

  test('a named pipe (FIFO) as the spill is refused at once, never waited on', fast, async () => {
    execFileSync('mkfifo', [join(grant.folder, 'snapshot.txt')])
    const command = `sed -n '1,240p' ${join(grant.folder, 'snapshot.txt')}`
    expect(await readRecovered(command, grant.folder)).toEqual({
      ok: false,
      finding: { kind: 'refused', reason: `the path is a named pipe (FIFO), not a regular file: never read: ${JSON.stringify(join(grant.folder, 'snapshot.txt'))}`, quoted: command },
    })
  })

  test('a hard link inside the grant to a file outside it is refused: the secret never appears', fast, async () => {
    linkSync(grant.decoy, join(grant.folder, 'snapshot.txt'))
    const read = await readRecovered("sed -n '1,240p' snapshot.txt", grant.folder)
    expect(read).toMatchObject({ ok: false, finding: { kind: 'refused', reason: expect.stringMatching(/^the path is a regular file with 2 links \(a hard link: .*"snapshot\.txt"$/) } })
    expect(JSON.stringify(read)).not.toContain(secret)
  })

  test('a spill over 64 MiB is refused unread (a sparse file: no disk used)', fast, async () => {
    const path = join(grant.folder, 'snapshot.txt')
    writeFileSync(path, lines(3))
    truncateSync(path, 64 * 1024 * 1024 + 1)
    expect(await readRecovered(`sed -n '1,240p' ${path}`, grant.folder)).toMatchObject({
      ok: false,
      finding: { reason: `the path is a file of ${64 * 1024 * 1024 + 1} bytes, over the ${64 * 1024 * 1024} bytes the kit reads back, never read: ${JSON.stringify(path)}` },
    })
  })

  test('a symlink out of the grant is refused with its reason', fast, async () => {
    symlinkSync(grant.decoy, join(grant.folder, 'snapshot.txt'))
    const read = await readRecovered("sed -n '1,240p' snapshot.txt", grant.folder)
    expect(read).toMatchObject({ ok: false, finding: { reason: expect.stringContaining('outside the grant folder') } })
    expect(JSON.stringify(read)).not.toContain(secret)
  })
})
