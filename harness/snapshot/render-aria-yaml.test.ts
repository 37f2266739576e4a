import { describe, expect, test } from 'vitest'
import type { PageNode } from '#fixtures/pages/page-tree.ts'
import { renderAriaYaml } from '#harness/snapshot/render-aria-yaml.ts'

describe('renderAriaYaml', () => {
  test('prints a page 7,000 lists deep (past the call stack of a recursive walk), in document order', () => {
    let node: PageNode = { role: 'link', name: 'x', url: '#x' }
    for (let i = 0; i < 7_000; i++) node = { role: 'list', children: [node] }
    const text = renderAriaYaml({ roots: [node, { role: 'link', name: 'after', url: '#a' }] })
    const lines = text.split('\n')
    expect(lines).toHaveLength(7_004)
    expect(lines[7_000]).toBe(`${'  '.repeat(7_000)}- link "x":`)
    expect(lines.slice(-2)).toEqual(['- link "after":', '  - /url: "#a"'])
    expect(renderAriaYaml({ roots: [node] }, 2)).toBe('- list:\n  - list:\n    - list')
  })
})
