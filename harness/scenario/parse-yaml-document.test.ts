import { describe, expect, it } from 'vitest'
import { parseYamlDocument } from '#harness/scenario/parse-yaml-document.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { yamlFileBounds } from '#harness/scenario/yaml-file-bounds.ts'

/** The ScenarioError parsing this text throws. */
const rejection = (source: string): ScenarioError => {
  try {
    parseYamlDocument('/x.yaml', source)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError)
    expect((error as Error).message).not.toMatch(/[\r\n]/)
    return error as ScenarioError
  }
  throw new Error('expected the text to be refused')
}

describe('parseYamlDocument', () => {
  it('parses a document, anchors before their aliases', () => {
    const { doc } = parseYamlDocument('/x.yaml', 'a: &n 1\nb: *n\nc: [*n]\n')
    expect(doc.toJS()).toEqual({ a: 1, b: 1, c: [1] })
  })

  it('gives a syntax error its position and the parser’s message', () => {
    expect(rejection('a: [1\nb: 2\n')).toMatchObject({ line: 2, field: '' })
  })

  it('refuses an undefined alias at its position', () => {
    const error = rejection('title: x\nsee: *nope\n')
    expect(error).toMatchObject({ line: 2, column: 6 })
    expect(error.message).toBe('/x.yaml:2:6: unresolved alias *nope: expected an anchor &nope before it')
    expect(rejection('a: *later\nb: &later 1\n')).toMatchObject({ line: 1, column: 4 })
  })

  it(`refuses more than ${yamlFileBounds.aliases} aliases, at the first one past the bound`, () => {
    const source = `a: &n 1\nb: [${Array(yamlFileBounds.aliases + 1).fill('*n').join(', ')}]\n`
    expect(rejection(source)).toMatchObject({ line: 2, column: 5 + 4 * yamlFileBounds.aliases, expected: `expected at most ${yamlFileBounds.aliases} aliases in a file, got more` })
  })

  it('refuses a mapping nested 2,000 deep (flow or block) at the first level past the bound, without overflowing the stack', () => {
    const flow = rejection(`x: ${'{a: '.repeat(2000)}1${'}'.repeat(2000)}\n`)
    expect(flow).toMatchObject({ line: 1, column: 4 + 4 * (yamlFileBounds.depth - 1), expected: `expected collections nested at most ${yamlFileBounds.depth} levels deep, got deeper` })
    const block = rejection(`${Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n')} 1\n`)
    expect(block).toMatchObject({ line: yamlFileBounds.depth + 1, column: yamlFileBounds.depth + 1 })
    expect(rejection(`${'- '.repeat(100_000)}1\n`).line).toBe(1)
    expect(() => parseYamlDocument('/x.yaml', `x: ${'['.repeat(yamlFileBounds.depth - 1)}${']'.repeat(yamlFileBounds.depth - 1)}\n`)).not.toThrow()
  })

  it('refuses a duplicate key at the key, in one pass over 50,000 keys', () => {
    expect(rejection('a: 1\nb: 2\na: 3\n')).toMatchObject({ line: 3, column: 1, expected: 'Map keys must be unique' })
    expect(rejection('x: {a: 1, a: 2}\n')).toMatchObject({ line: 1, column: 11 })
    const keys = Array.from({ length: 50_000 }, (_, i) => `k${i}: 1`).join('\n')
    expect(rejection(`${keys}\nk7: 2\n`)).toMatchObject({ line: 50_001, column: 1 })
  })
})
