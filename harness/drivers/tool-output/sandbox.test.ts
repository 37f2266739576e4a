import { afterEach, describe, expect, test } from 'vitest'
import { existsSync, lstatSync, readlinkSync, readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { createSandbox } from '#harness/drivers/tool-output/sandbox.ts'
import type { Sandbox } from '#harness/drivers/tool-output/sandbox.ts'

const made: Sandbox[] = []
afterEach(() => made.splice(0).forEach((s) => s.remove()))
const sandbox = (...args: Parameters<typeof createSandbox>) => {
  const s = createSandbox(...args)
  made.push(s)
  return s
}

describe('createSandbox', () => {
  test('by default: tool_output_folder/ granted, holding only escape.txt → the decoy', () => {
    const s = sandbox('granted')
    expect(s.spill).toEqual({ policy: 'granted', folder: join(s.root, 'tool_output_folder') })
    expect(readdirSync(s.folder!)).toEqual(['escape.txt'])
  })

  test('a folder name that needs quoting, and the reference’s first spill names taken by symlinks to the decoy', () => {
    const s = sandbox('granted', { folderName: "tool output's folder", taken: { output: 'abc', names: 3 } })
    expect(basename(s.folder!)).toBe("tool output's folder")
    expect(s.spill).toEqual({ policy: 'granted', folder: s.folder })
    // sha256("abc") begins ba7816bf8f01cfea: the names docs/tool-output-port.md gives the reference's spill
    const taken = ['snapshot-ba7816bf8f01cfea.txt', 'snapshot-ba7816bf8f01cfea-2.txt', 'snapshot-ba7816bf8f01cfea-3.txt']
    expect(readdirSync(s.folder!).sort()).toEqual(['escape.txt', ...taken].sort())
    for (const name of taken) {
      expect(lstatSync(join(s.folder!, name)).isSymbolicLink()).toBe(true)
      expect(readlinkSync(join(s.folder!, name))).toBe(join('..', 'outside', 'decoy.txt'))
    }
  })

  test('taken by dangling symlinks: each to a missing path outside the grant, which a check that follows symlinks finds free', () => {
    const s = sandbox('granted', { taken: { output: 'abc', names: 2, by: 'dangling' } })
    const taken = ['snapshot-ba7816bf8f01cfea.txt', 'snapshot-ba7816bf8f01cfea-2.txt']
    expect(readdirSync(s.folder!).sort()).toEqual(['escape.txt', ...taken].sort())
    for (const [i, name] of taken.entries()) {
      expect(lstatSync(join(s.folder!, name)).isSymbolicLink()).toBe(true)
      expect(readlinkSync(join(s.folder!, name))).toBe(join('..', 'outside', `missing-${i + 1}.txt`))
      expect(existsSync(join(s.folder!, name))).toBe(false)
    }
    expect(readdirSync(join(s.root, 'outside'))).toEqual(['decoy.txt'])
  })
})
