import { describe, expect, test } from 'vitest'
import { pageOutput, resolveCap, wideCharacters } from '#harness/drivers/tool-output/resolve-cap.ts'
import { fitCap } from '#harness/explore/tool-output-caps.ts'
import { measure } from '#harness/measures/measure.ts'

const output = '- link "a é 🙂 b":\n  - /url: "#i1"'

describe('resolveCap', () => {
  test('max as written; outputBy from the output’s own size in the unit', () => {
    expect(resolveCap(output, { unit: 'runes', max: 5 })).toEqual({ max: 5 })
    expect(resolveCap(output, { unit: 'utf8-bytes', outputBy: 0 })).toEqual({ max: Buffer.byteLength(output) })
    expect(resolveCap(output, { unit: 'utf16-units', outputBy: -1 })).toEqual({ max: output.length - 1 })
    expect(resolveCap(output, { unit: 'runes', outputBy: 2 })).toEqual({ max: [...output].length + 2 })
  })

  test('wideCharacter: the size before the n-th character wide in the unit, plus by', () => {
    const before = (text: string, unit: 'runes' | 'utf8-bytes' | 'utf16-units') => measure(unit, output.slice(0, output.indexOf(text)))
    expect(resolveCap(output, { unit: 'utf8-bytes', wideCharacter: 1, by: 1 })).toEqual({ max: before('é', 'utf8-bytes') + 1 }) // inside é (2 bytes)
    expect(resolveCap(output, { unit: 'utf8-bytes', wideCharacter: 2, by: 3 })).toEqual({ max: before('🙂', 'utf8-bytes') + 3 }) // inside 🙂 (4 bytes)
    expect(resolveCap(output, { unit: 'utf16-units', wideCharacter: 1, by: 1 })).toEqual({ max: before('🙂', 'utf16-units') + 1 }) // between its halves
    expect(resolveCap(output, { unit: 'runes', wideCharacter: 1, by: 0 })).toEqual({ max: before('🙂', 'runes') })
    expect([wideCharacters(output, 'utf8-bytes'), wideCharacters(output, 'utf16-units'), wideCharacters(output, 'runes')]).toEqual([2, 1, 1])
  })

  test('a cap that cannot be placed is an error saying why', () => {
    expect(resolveCap(output, { unit: 'utf16-units', wideCharacter: 2, by: 1 })).toEqual({ error: 'the output has 1 character wider than one UTF-16 unit (a surrogate pair), no character 2' })
    expect(resolveCap(output, { unit: 'runes', outputBy: -100 })).toMatchObject({ error: expect.stringMatching(/^the cap comes to -\d+ runes: it must be at least 1$/) })
  })

  test('pageOutput is the unlimited snapshot text of the page', () => {
    expect(pageOutput({ kind: 'flat', siblings: 1, text: 1, seed: 1 })).toBe('- list:\n  - listitem:\n    - link "1":\n      - /url: "#i1"')
  })

  test('pageOutput with a trailer: the snapshot, then the trailer as given (a lone surrogate kept), and a cap placed on both', () => {
    const page = { kind: 'flat', siblings: 1, text: 1, seed: 1 } as const
    expect(pageOutput(page, '\na\udc00')).toBe(pageOutput(page) + '\na\udc00')
    expect(resolveCap(pageOutput(page, '\na\udc00'), { unit: 'runes', outputBy: -1 })).toEqual({ max: [...pageOutput(page)].length + 2 })
  })
})

describe('fitCap (the explorer’s)', () => {
  test('keeps outputBy to a cap of at least 1 and wideCharacter to the last one; none on an output with no wide character', () => {
    expect(fitCap(output, { unit: 'runes', outputBy: -1000 })).toEqual({ unit: 'runes', outputBy: 1 - [...output].length })
    expect(fitCap(output, { unit: 'utf8-bytes', wideCharacter: 9, by: 1 })).toEqual({ unit: 'utf8-bytes', wideCharacter: 2, by: 1 })
    expect(fitCap('- list', { unit: 'utf8-bytes', wideCharacter: 1, by: 1 })).toBeUndefined()
    expect(fitCap(output, { unit: 'runes', max: 3 })).toEqual({ unit: 'runes', max: 3 })
  })
})
