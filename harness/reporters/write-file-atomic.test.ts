import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '#harness/reporters/write-file-atomic.ts'

describe('writeFileAtomic', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'contract-kit-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes the content whole, creating missing folders, and leaves no temporary file', () => {
    const file = join(dir, 'histories', 'pager_reference', 'regressions', 'x.json')
    const content = `${JSON.stringify({ text: 'é→🔎'.repeat(100_000) })}\n`
    writeFileAtomic(file, content)
    expect(readFileSync(file, 'utf8')).toBe(content)
    expect(readdirSync(join(dir, 'histories', 'pager_reference', 'regressions'))).toEqual(['x.json'])
  })

  it('replaces an existing file (a longer one too) with exactly the new content', () => {
    const file = join(dir, 'results.json')
    writeFileSync(file, 'x'.repeat(10_000))
    writeFileAtomic(file, '{}\n')
    expect(readFileSync(file, 'utf8')).toBe('{}\n')
    writeFileAtomic(file, '')
    expect(readFileSync(file, 'utf8')).toBe('')
    expect(readdirSync(dir)).toEqual(['results.json'])
  })

  it('throws when the target cannot be replaced, leaving the target as it was', () => {
    const target = join(dir, 'summary.md')
    mkdirSync(join(target, 'inside'), { recursive: true })
    expect(() => writeFileAtomic(target, 'new')).toThrow()
    expect(readdirSync(target)).toEqual(['inside'])
  })

  // Known bug (see the report): when the rename fails, the temporary file is left beside the target.
  it('leaves no temporary file when the rename fails', () => {
    const target = join(dir, 'summary.md')
    mkdirSync(join(target, 'inside'), { recursive: true })
    expect(() => writeFileAtomic(target, 'new')).toThrow()
    expect(readdirSync(dir)).toEqual(['summary.md'])
  })
})
