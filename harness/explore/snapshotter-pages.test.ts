import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { atTheLimit, pageSpecs } from '#harness/explore/snapshotter-pages.ts'
import { pageTree } from '#fixtures/pages/page-tree.ts'
import type { PageNode, PageSpec } from '#fixtures/pages/page-tree.ts'

// The generated pages reach Playwright's limit on names exactly: a name of 900 UTF-16 units, which must be printed
// (one unit more is left out), on every kind of page.

const names = (node: PageNode): string[] => [...(node.name ? [node.name] : []), ...(node.children ?? []).flatMap(names)]
const longest = (spec: PageSpec) => Math.max(...pageTree(spec).roots.flatMap(names).map((n) => n.length))
const holds900 = (spec: PageSpec) => pageTree(spec).roots.flatMap(names).some((n) => n.length === 900)

describe('atTheLimit', () => {
  test('gives every kind of page a name of exactly 900 UTF-16 units, of 880 to 900 code points', () => {
    const kinds = [{ kind: 'flat', siblings: 3 }, { kind: 'deep', depth: 3 }, { kind: 'mixed', siblings: 2, depth: 2 }, { kind: 'tree', fanout: [2, 2] }] as const
    for (let seed = 1; seed <= 40; seed++) {
      for (const marks of [false, true]) {
        const at = atTheLimit(seed, marks)
        expect(at.text).toBeGreaterThanOrEqual(880)
        expect(at.text).toBeLessThanOrEqual(900)
        for (const kind of kinds) expect(holds900({ ...kind, ...at, marks, labels: seed % 2 === 0 } as PageSpec), JSON.stringify({ kind, at, marks })).toBe(true)
      }
    }
  })

  test('is drawn by pageSpecs now and then', () => {
    const specs = fc.sample(pageSpecs(), { numRuns: 600, seed: 3 }).filter((s) => typeof s.text === 'number' && s.text >= 880)
    expect(specs.filter((s) => longest(s) === 900).length).toBeGreaterThan(0)
  })
})
