import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'

describe('ScenarioError', () => {
  it('says path:line:column: field: expected, on one line, with the path relative to the working folder', () => {
    const error = new ScenarioError({
      file: join(process.cwd(), 'scenarios', 'regressions', 'x.yaml'),
      field: 'given.ceilings[1].measure',
      line: 14,
      column: 14,
      expected: 'expected one of json-bytes, retained-bytes, got "retained"',
    })
    expect(error.message).toBe(
      'scenarios/regressions/x.yaml:14:14: given.ceilings[1].measure: expected one of json-bytes, retained-bytes, got "retained"',
    )
    expect(error).toMatchObject({ name: 'ScenarioError', field: 'given.ceilings[1].measure', line: 14, column: 14 })
    expect(error).toBeInstanceOf(Error)
  })

  it('keeps a path outside the working folder as given', () => {
    const error = new ScenarioError({ file: '/elsewhere/a.yaml', field: 'title', line: 1, column: 8, expected: 'expected x' })
    expect(error.message).toBe('/elsewhere/a.yaml:1:8: title: expected x')
  })

  it('omits line:column when there is no node, and the field when it is the whole file', () => {
    const error = new ScenarioError({ file: '/elsewhere/a.yaml', field: '', expected: 'expected a scenario mapping, got null' })
    expect(error.message).toBe('/elsewhere/a.yaml: expected a scenario mapping, got null')
    expect(error.line).toBeUndefined()
    expect(error.column).toBeUndefined()
  })

  it('folds a multi-line expectation onto one line', () => {
    const error = new ScenarioError({ file: '/a.yaml', field: 'f', line: 2, column: 1, expected: 'first\n  second\n' })
    expect(error.message).toBe('/a.yaml:2:1: f: first second')
    expect(error.expected).toBe('first second')
  })
})
