import { describe, expect, test } from 'vitest'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { pageTree } from '#fixtures/pages/page-tree.ts'
import { renderAriaYaml } from '#harness/snapshot/render-aria-yaml.ts'
import type { ToolOutputScenario } from '#harness/scenario/plat-200-scenario-schemas.ts'
import { longestHead } from '#harness/contracts/tool-output/longest-head.ts'
import { measure } from '#harness/measures/measure.ts'

// The multibyte-cap scenarios place their cap inside a character, in every measure, so a cut by the wrong unit (or a
// slice that splits) gives a different head from the right one: a byte slice and a UTF-16 slice cannot both pass.

const given = (name: string) => (bundledScenarios.find((s) => s.id.endsWith(`/${name}`))!.scenario as ToolOutputScenario).given
const output = (name: string) => renderAriaYaml(pageTree(given(name).page))
const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff

describe('caps placed inside characters', () => {
  test('cap-in-utf8-bytes: the cap falls inside a 4-byte emoji, so the first max bytes decode to no head of the output', () => {
    const { max } = given('cap-in-utf8-bytes').cap
    const text = output('cap-in-utf8-bytes')
    const head = longestHead(text, 'utf8-bytes', max)
    const next = [...text.slice(head.length)][0]!
    expect([measure('utf8-bytes', head), max, Buffer.byteLength(next)]).toEqual([max - 2, max, 4])
    expect(text.startsWith(Buffer.from(text).subarray(0, max).toString('utf8'))).toBe(false)
    expect(text.slice(0, max).length).toBe(max) // a UTF-16 slice is far over the cap in bytes
    expect(measure('utf8-bytes', text.slice(0, max))).toBeGreaterThan(max)
  })
  test('cap-in-utf16-units: the cap falls between the halves of a surrogate pair, so output.slice(0, max) ends on half an emoji', () => {
    const { max } = given('cap-in-utf16-units').cap
    const text = output('cap-in-utf16-units')
    expect(isHigh(text.charCodeAt(max - 1))).toBe(true)
    expect(longestHead(text, 'utf16-units', max).length).toBe(max - 1)
    expect(measure('utf16-units', [...text].slice(0, max).join(''))).toBeGreaterThan(max) // max runes are over the cap
  })
  test('cap-in-runes: output.slice(0, max) ends inside a surrogate pair, and a count in UTF-16 units falls short of max runes', () => {
    const { max } = given('cap-in-runes').cap
    const text = output('cap-in-runes')
    expect(isHigh(text.charCodeAt(max - 1))).toBe(true)
    expect(measure('runes', longestHead(text, 'runes', max))).toBe(max)
    expect(measure('runes', longestHead(text, 'utf16-units', max))).toBe(max - 14) // 13 emoji before, and the split one
  })
  test('the three share one page, whose names mix 1- to 4-byte characters', () => {
    expect(given('cap-in-runes').page).toEqual(given('cap-in-utf8-bytes').page)
    expect(given('cap-in-utf16-units').page).toEqual(given('cap-in-utf8-bytes').page)
    expect(new Set([...output('cap-in-runes')].map((c) => Buffer.byteLength(c)))).toEqual(new Set([1, 2, 3, 4]))
  })
})
