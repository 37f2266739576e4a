import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { measure } from '#harness/measures/measure.ts'
import { measureNames } from '#harness/measures/measure-name.ts'
import { measurePage } from '#harness/measures/measure-page.ts'

// measurePage must be measure, by another road: over random pages — items of any JSON inside, texts with lone
// surrogates, astral characters, escapes and line separators; `items` anywhere among the keys; more keys than a small
// map holds — every measure of the page worked out from its parts equals the measure of the page whole.

const texts = fc.string({ unit: fc.oneof(fc.constantFrom('\ud800', '\udfff', '😀', 'é', '"', '\\', '\n', '\u2028', '\u0000', 'a'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 12 })
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, texts, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(null, true, false, 2 ** 60, -(2 ** 62)), tie('object'), tie('array')),
  object: fc.dictionary(texts, tie('value'), { maxKeys: 5 }),
  array: fc.array(tie('value'), { maxLength: 4 }),
})).value
const item = fc.oneof(fc.dictionary(texts, json, { maxKeys: 6 }), fc.array(json, { maxLength: 4 }))
const page = fc
  .record({ items: fc.array(item, { maxLength: 6 }), cursor: fc.option(texts), before: fc.dictionary(texts, json, { maxKeys: 3 }), after: fc.dictionary(texts, json, { maxKeys: 40 }) })
  .map(({ items, cursor, before, after }) => {
    const { items: _i, cursor: _c, ...others } = after
    return { ...before, items, cursor, ...others }
  })

describe('measurePage', () => {
  test('is the measure of the page whole, for every measure, over random pages', () => {
    fc.assert(
      fc.property(page, (p) => {
        for (const name of measureNames) expect({ [name]: measurePage(name, p) }).toEqual({ [name]: measure(name, structuredClone(p)) })
      }),
      { numRuns: 400, seed: 0x9a6e },
    )
  })

  test('a page with a text item (counted by its JSON text in the page, by itself alone) is measured whole', () => {
    const p = { items: [{ a: 1 }, 'é😀'], cursor: null }
    for (const name of measureNames) expect(measurePage(name, p)).toBe(measure(name, structuredClone(p)))
  })

  test('an empty page is the page with no items', () => {
    expect(measurePage('json-bytes', { items: [], cursor: null })).toBe('{"items":[],"cursor":null}'.length)
  })
})
