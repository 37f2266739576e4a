import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { checkOutDir } from '#harness/cli/check-out-dir.ts'
import { UsageError } from '#harness/cli/usage-error.ts'

const root = mkdtempSync(join(tmpdir(), 'contract-kit-out-dir-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
writeFileSync(join(root, 'a-file'), 'x')
mkdirSync(join(root, 'a-folder'))

describe('checkOutDir, before anything runs', () => {
  test('takes a folder, and a path the run will make under a folder, and creates nothing', () => {
    expect(() => checkOutDir('--out', join(root, 'a-folder'))).not.toThrow()
    expect(() => checkOutDir('--out', join(root, 'not-yet', 'deeper'))).not.toThrow()
    expect(existsSync(join(root, 'not-yet'))).toBe(false)
  })

  test.each([
    ['a file', () => join(root, 'a-file'), /^--out ".*a-file": is a file, not a folder$/],
    ['a path under a file', () => join(root, 'a-file', 'reports'), /^--out ".*": .*a-file is a file, so no folder can be made under it$/],
    ['an empty path', () => '', /^--out: expected a folder to write the reports into, got an empty path$/],
  ])('refuses %s with one line', (_, path, message) => {
    expect(() => checkOutDir('--out', path())).toThrow(UsageError)
    expect(() => checkOutDir('--out', path())).toThrow(message)
  })
})
