import { describe, expect, test } from 'vitest'
import { textDifference, visible } from '#harness/contracts/text-difference.ts'

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
  })
  test('visible escapes what cannot be seen, and the backslash, and nothing else', () => {
    expect(visible('a\u200Bb\tc\\d é')).toBe('a\\u{200B}b\\tc\\\\d é')
  })
})
