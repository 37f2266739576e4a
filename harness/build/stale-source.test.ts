import { afterAll, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { staleSource } from '#harness/build/stale-source.mjs'

const root = mkdtempSync(join(tmpdir(), 'contract-kit-stale-source-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const file = (path: string, at: number) => {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), '')
  utimesSync(join(root, path), at, at)
}

describe('staleSource', () => {
  test('no sources (an installed package): nothing is stale', () => expect(staleSource(join(root, 'nowhere'))).toBeUndefined())

  test('sources and no compiled CLI: dist/ itself', () => {
    file('harness/cli/main.ts', 1_000)
    expect(staleSource(root)).toBe('dist/')
  })

  test('the first source newer than the compiled CLI; tests and the unbuilt folders never count', () => {
    file('dist/harness/cli/main.js', 2_000)
    file('harness/cli/main.test.ts', 3_000)
    file('harness/bench/bench.ts', 3_000)
    file('fixtures/systems/__test-helpers__/helper.ts', 3_000)
    expect(staleSource(root)).toBeUndefined()
    file('fixtures/systems/pager/reference.ts', 3_000)
    expect(staleSource(root)).toBe('fixtures/systems/pager/reference.ts')
  })
})
