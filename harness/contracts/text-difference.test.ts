import { describe, expect, test } from 'vitest'
import { differenceClause, excerpt, quoted, shownWord, textDifference, visible, visibleJson } from '#harness/contracts/text-difference.ts'

// issue 24: a byte-level difference names the first differing byte and shows it — a BOM at byte 0, a CR, a no-break
// space — escaped on both sides, where a line number and two lines that look alike would hide it.
describe('textDifference', () => {
  test('a BOM at byte 0: byte 0, line 1, column 1, shown escaped', () => {
    expect(textDifference('- document:\n  - heading', '\uFEFF- document:\n  - heading')).toEqual({ byte: 0, line: 1, column: 1, expected: '- document:\\n  - heading', got: '\\u{FEFF}- document:\\n  - heading' })
  })
  test('the byte counts UTF-8, the line and column count characters from the line start', () => {
    expect(textDifference('é\nab cd', 'é\nab\u00A0cd')).toMatchObject({ byte: 5, line: 2, column: 3, expected: 'ab cd', got: 'ab\\u{00A0}cd' })
    expect(textDifference('line\n', 'line\r\n')).toMatchObject({ byte: 4, line: 1, column: 5, expected: 'line\\n', got: 'line\\r\\n' })
  })
  test('a side that ends first shows null; equal texts have no difference; a surrogate pair is not split', () => {
    expect(textDifference('abc', 'ab')).toMatchObject({ byte: 2, expected: 'abc', got: null })
    expect(textDifference('same', 'same')).toBeUndefined()
    expect(textDifference('a😀', 'a😃')).toMatchObject({ byte: 1, column: 2, expected: 'a😀', got: 'a😃' })
    // a head cut inside the pair differs at the pair's first byte, and shows its lone half escaped
    expect(textDifference('a😀b', 'a\uD83D')).toEqual({ byte: 1, line: 1, column: 2, expected: 'a😀b', got: 'a\\u{D83D}' })
  })
  test('the column counts characters: an astral character before the difference is one column, as is a lone half', () => {
    expect(textDifference('x\n😀😀 a', 'x\n😀😀\u00A0a')).toMatchObject({ byte: 10, line: 2, column: 3 })
    expect(textDifference('\uD83Dab', '\uD83Dac')).toMatchObject({ byte: 4, line: 1, column: 3 })
  })
  test('an excerpt starts a little before the difference and never on the second half of a pair', () => {
    expect(textDifference(`${'x'.repeat(30)}\n${'y'.repeat(20)}z`, `${'x'.repeat(30)}\n${'y'.repeat(20)}\u00A0`)).toMatchObject({ byte: 51, line: 2, column: 21, expected: `${'y'.repeat(12)}z`, got: `${'y'.repeat(12)}\\u{00A0}` })
    expect(excerpt(`${'😀'.repeat(10)}a`, 21)).toBe('😀😀😀😀😀😀a')
  })
  test('visible escapes what cannot be seen, and the backslash, and nothing else', () => {
    expect(visible('a\u200Bb\tc\\d é')).toBe('a\\u{200B}b\\tc\\\\d é')
    expect(visible('señal \uFFFD')).toBe('señal \\u{FFFD}') // a split UTF-8 character, read back
    // format characters (BOM, zero-width joiner, word joiner, soft hyphen, bidi controls), controls, lone surrogates, spaces but U+0020
    expect(visible('\uFEFF\u200D\u2060\u00AD\u202E\u2066\u0000\u007F\u0085\uDC00\u00A0\u3000\u2028 ')).toBe(
      '\\u{FEFF}\\u{200D}\\u{2060}\\u{00AD}\\u{202E}\\u{2066}\\u{0000}\\u{007F}\\u{0085}\\u{DC00}\\u{00A0}\\u{3000}\\u{2028} ',
    )
  })
})

describe('how a message shows a text, a value and a difference', () => {
  test('quoted: in quotes, escaped, cut after its length (never inside a pair) with "…" after the quote', () => {
    expect(quoted('a\u200Bb')).toBe('"a\\u{200B}b"')
    expect(quoted('trailing  ')).toBe('"trailing  "')
    expect(quoted('abcdef', 3)).toBe('"abc"…')
    expect(quoted('say "hi"')).toBe('"say \\"hi\\""') // a quote inside is escaped: the quotes say where the text ends
    expect(quoted('ab😀c', 3)).toBe('"ab"…')
    expect(quoted('x'.repeat(200), Infinity)).toBe(`"${'x'.repeat(200)}"`)
  })
  test('a combining mark is escaped: a decomposed é (e, U+0301) shows apart from a composed one (U+00E9)', () => {
    expect(quoted('cafe\u0301')).toBe('"cafe\\u{0301}"')
    expect(quoted('caf\u00E9')).toBe('"caf\u00E9"')
    expect(visibleJson('e\u0301')).toBe('"e\\u0301"')
    expect(differenceClause(textDifference('- text: cafe\u0301 noir', '- text: caf\u00E9 noir')!, 'what was read back')).toBe('first different at line 1 (byte 11, column 12): "- text: cafe\\u{0301} noir" is due, what was read back has "- text: caf\u00E9 noir"')
  })
  test('visibleJson: JSON still, with what JSON leaves raw escaped as JSON escapes', () => {
    expect(visibleJson({ a: '\uFEFFx\u00A0\u2028\n', b: '\uD800', c: 1 })).toBe('{"a":"\\uFEFFx\\u00A0\\u2028\\n","b":"\\ud800","c":1}')
    expect(JSON.parse(visibleJson({ a: '\uFEFF\u200B' }))).toEqual({ a: '\uFEFF\u200B' })
    expect(visibleJson('abcdef', 4)).toBe('"ab…')
    expect(visibleJson(undefined)).toBe('undefined')
  })
  test('differenceClause names the line, the byte and the column, and both sides, a side past its end as such', () => {
    expect(differenceClause(textDifference('abc', '\uFEFFabc')!, 'the file')).toBe('first different at line 1 (byte 0, column 1): "abc" is due, the file has "\\u{FEFF}abc"')
    expect(differenceClause(textDifference('ab', 'ab\r')!, 'the file')).toBe('first different at line 1 (byte 2, column 3): its end is due, the file has "ab\\r"')
  })
  test('shownWord shows a plain word as it is, anything else quoted with what cannot be seen escaped', () => {
    expect(shownWord('result_limit_exceeded')).toBe('result_limit_exceeded')
    expect(shownWord('invalid_cursor\u200B')).toBe('"invalid_cursor\\u{200B}"')
    expect(shownWord('two words')).toBe('"two words"')
    expect(shownWord('')).toBe('""')
  })
})
