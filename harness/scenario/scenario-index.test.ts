import { describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serialize } from 'node:v8'
import { listScenarioFiles, validateScenarioText } from '#harness/scenario/load-scenarios.ts'
import { readYamlSource } from '#harness/scenario/read-yaml-source.ts'
import { readScenarioIndex, scenarioDigest, scenarioIndexBytes } from '#harness/scenario/scenario-index.ts'
import type { IndexedScenario } from '#harness/scenario/scenario-index.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { packageRoot } from '#harness/package/package-root.ts'

const bundled = await Promise.all(
  (await listScenarioFiles(scenarioRoot)).map(({ file }) => {
    const source = readYamlSource(file, 'scenario file')
    return { file, source, indexed: validateScenarioText(file, source) satisfies IndexedScenario }
  }),
)

describe('the index of the bundled scenarios', () => {
  const index = readScenarioIndex(scenarioIndexBytes(new Map(bundled.map((b) => [scenarioDigest(b.source), b.indexed]))))!

  test('gives back every bundled scenario exactly as validating its text gives it, each caller its own copy', () => {
    expect(bundled.length).toBeGreaterThan(80)
    for (const { file, source, indexed } of bundled) {
      const hit = index(source)
      expect(hit, file).toStrictEqual(indexed)
      expect(index(source), file).not.toBe(hit)
    }
  })
  test('a text changed by one character is not in it: that scenario is validated again', () => {
    const { source } = bundled[0]!
    expect(index(`${source} `)).toBeUndefined()
    expect(index(source.replace(/title: /, 'title:  '))).toBeUndefined()
  })
  test('bytes of another format, or no index at all, are read as no index (never an error)', () => {
    expect(readScenarioIndex(serialize({ format: 'contract-kit/scenario-index@0', entries: new Map() }))).toBeNull()
    expect(readScenarioIndex(serialize({ format: 'contract-kit/scenario-index@1', entries: {} }))).toBeNull()
    expect(readScenarioIndex(Buffer.from('not an index'))).toBeNull()
  })
  test('the build wrote one beside the compiled kit, holding every bundled scenario as it is now', () => {
    const built = readScenarioIndex(readFileSync(join(packageRoot, 'dist/scenario-index.bin')))!
    expect(built).not.toBeNull()
    for (const { file, source, indexed } of bundled) expect(built(source), `${file}: not in dist/scenario-index.bin as it is now (run npm run build)`).toStrictEqual(indexed)
  })
})
