import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readYamlSource } from '#harness/scenario/read-yaml-source.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { yamlFileBounds } from '#harness/scenario/yaml-file-bounds.ts'

const folder = mkdtempSync(join(tmpdir(), 'contract-kit-source-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

let written = 0
/** The ScenarioError reading a file of these bytes throws. */
const rejection = (bytes: Uint8Array | string): ScenarioError => {
  const file = join(folder, `f-${++written}.yaml`)
  writeFileSync(file, bytes)
  try {
    readYamlSource(file, 'scenario file')
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError)
    expect((error as Error).message).not.toMatch(/[\r\n]/)
    return error as ScenarioError
  }
  throw new Error('expected the file to be refused')
}
const bytes = (...parts: Array<string | number[]>): Buffer => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))))

describe('readYamlSource', () => {
  it('reads UTF-8 text, a byte-order mark dropped', () => {
    const file = join(folder, 'ok.yaml')
    writeFileSync(file, bytes([0xef, 0xbb, 0xbf], 'title: café 🙂\n'))
    expect(readYamlSource(file, 'scenario file')).toBe('title: café 🙂\n')
  })

  it('refuses a NUL byte at its line and column', () => {
    const error = rejection('port: pager\ntitle: x\0y\n')
    expect(error).toMatchObject({ line: 2, column: 9, field: '' })
    expect(error.message).toMatch(/:2:9: expected text, got a NUL byte$/)
  })

  it('refuses the first invalid UTF-8 byte at its line and column, counting characters before it', () => {
    expect(rejection(bytes('port: pager\ntitle: é', [0xff], '\n'))).toMatchObject({ line: 2, column: 9 })
    expect(rejection(bytes('a: b\nt: ', [0xff]))).toMatchObject({ line: 2, column: 4, expected: 'expected UTF-8 text, got the invalid byte 0xff' })
  })

  it('points at the start of a sequence cut short, an overlong form or an encoded surrogate', () => {
    expect(rejection(bytes('t: x', [0xef, 0xbf], 'A\n'))).toMatchObject({ line: 1, column: 5, expected: expect.stringContaining('0xef') })
    expect(rejection(bytes('t: ', [0xc0, 0xaf]))).toMatchObject({ line: 1, column: 4, expected: expect.stringContaining('0xc0') })
    expect(rejection(bytes('t: ', [0xed, 0xa0, 0x80]))).toMatchObject({ line: 1, column: 4, expected: expect.stringContaining('0xed') })
  })

  it(`refuses a file over ${yamlFileBounds.bytes} bytes, where the bound is crossed`, () => {
    const error = rejection('#'.repeat(yamlFileBounds.bytes + 10))
    expect(error).toMatchObject({ line: 1, column: yamlFileBounds.bytes + 1 })
    expect(error.expected).toBe('expected a scenario file of at most 1,048,576 bytes, got more')
  })

  it('says why a file cannot be read', () => {
    expect(() => readYamlSource(join(folder, 'missing.yaml'), 'profile file')).toThrow(/expected a readable profile file \(ENOENT\)/)
    expect(() => readYamlSource(folder, 'profile file')).toThrow(/expected a readable profile file \(EISDIR\)/)
  })
})
