import { afterAll, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withAbsolutePaths } from '#harness/adapters/absolute-paths.ts'

const root = mkdtempSync(join(tmpdir(), 'contract-kit-absolute-paths-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('makes the words naming a file relative to the folder absolute, and leaves PATH programs, options and other words', () => {
  mkdirSync(join(root, 'bin'))
  mkdirSync(join(root, 'pager'))
  writeFileSync(join(root, 'bin', 'impl'), '')
  writeFileSync(join(root, 'pager.py'), '')
  expect(withAbsolutePaths(['python3', 'pager.py', '--port', 'pager', 'missing.py'], root)).toEqual(['python3', join(root, 'pager.py'), '--port', 'pager', 'missing.py'])
  expect(withAbsolutePaths(['./bin/impl', '-v', '/abs/x', '{url}'], root)).toEqual([join(root, 'bin', 'impl'), '-v', '/abs/x', '{url}'])
  // a bare program name is looked up on PATH even when a file of that name sits in the folder
  writeFileSync(join(root, 'node'), '')
  expect(withAbsolutePaths(['node', 'bin/impl'], root)).toEqual(['node', join(root, 'bin', 'impl')])
})
