import { describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { measures, measure } from '#harness/measures/measure.ts'
import { measureNames } from '#harness/measures/measure-name.ts'
import { retainedWords } from '#harness/measures/retained-bytes.ts'

const vectors = JSON.parse(readFileSync(new URL('../../fixtures/vectors/measures.json', import.meta.url), 'utf8')) as Array<
  Record<string, unknown> & { name: string; value: unknown }
>

describe('measures', () => {
  test('every measure has an implementation', () => {
    expect(Object.keys(measures).sort()).toEqual([...measureNames].sort())
  })

  test.for(vectors)('the shared test vector "$name" measures as recorded', (vector) => {
    for (const name of measureNames) expect({ [name]: measure(name, vector.value) }).toEqual({ [name]: vector[name] })
  })

  test('text measures count bytes, code points and UTF-16 units differently', () => {
    expect([measure('utf8-bytes', 'é😀a'), measure('runes', 'é😀a'), measure('utf16-units', 'é😀a')]).toEqual([7, 3, 4])
    expect(measure('runes', '\ud800x')).toBe(2) // a lone surrogate is one rune
    expect(measure('utf8-bytes', '\ud800')).toBe(3) // encoded as U+FFFD
  })

  test('json-bytes counts the compact encoding in UTF-8', () => {
    expect(measure('json-bytes', { a: 'é' })).toBe('{"a":"é"}'.length + 1)
  })
})

describe('retained size (worked by hand from the efficiency guide table)', () => {
  test('immediates are one word, floats three', () => {
    expect([retainedWords(null), retainedWords(false), retainedWords(7), retainedWords(0.5)]).toEqual([1, 1, 1, 3])
  })
  test('a binary is 3 words up to 64 bytes, 6 beyond, plus its data in words', () => {
    expect(retainedWords('')).toBe(3)
    expect(retainedWords('abcdefghi')).toBe(3 + 2)
    expect(retainedWords('x'.repeat(64))).toBe(3 + 8)
    expect(retainedWords('x'.repeat(65))).toBe(6 + 9)
  })
  test('a list is 1 word plus 1 word and the size of each element', () => {
    expect(retainedWords([1, 2, 3])).toBe(1 + 3 * (1 + 1))
  })
  test('a small map is 5 words plus its keys and values; a large one 1.8 words a key, rounded up', () => {
    expect(retainedWords({ role: 'user', content: 'hi' })).toBe(5 + 4 + 4 + 4 + 4)
    const large = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i]))
    expect(retainedWords(large)).toBe(60 + 33 * 4 + 33)
  })
  test('map-heavy data retains far more than its JSON bytes', () => {
    const message = { role: 'user', content: 'ok', metadata: { turn: 1, tags: { a: 1 } } }
    expect(measure('retained-bytes', message)).toBeGreaterThan(3 * measure('json-bytes', message))
  })
  test('a value that is not JSON is refused', () => {
    expect(() => retainedWords(() => 1)).toThrow(/not a JSON value/)
    expect(() => retainedWords(Number.NaN)).toThrow(/not a JSON number/)
  })
})
