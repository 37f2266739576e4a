import { expect, it } from 'vitest'
import { excerpt, excerptJson } from '#harness/adapters/stdio/excerpt.ts'

it('quotes short text whole and cuts long text, saying how much is left out', () => {
  expect(excerpt('Server v1 starting')).toBe('"Server v1 starting"')
  expect(excerpt('x'.repeat(250))).toBe(`"${'x'.repeat(200)}"… (50 more characters)`)
  expect(excerpt(`${'x'.repeat(199)}🔎`)).toBe(`"${'x'.repeat(199)}"… (2 more characters)`)
})

it('shows a JSON value as its JSON text', () => {
  expect(excerptJson({ ports: 'pager' })).toBe('{"ports":"pager"}')
  expect(excerptJson(undefined)).toBe('nothing')
  expect(excerptJson('y'.repeat(300), 10)).toBe('"yyyyyyyyy… (292 more characters)')
})
