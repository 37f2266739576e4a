import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { toolOutputExplorer } from '#harness/explore/tool-output-explorer.ts'
import { fitCap } from '#harness/explore/tool-output-caps.ts'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'
import { pageOutput, resolveCap } from '#harness/drivers/tool-output/resolve-cap.ts'
import type { CapSpec } from '#harness/drivers/tool-output/resolve-cap.ts'
import type { PageSpec } from '#fixtures/pages/page-tree.ts'
import { measure } from '#harness/measures/measure.ts'

// The tool-output explorer's cases, without running them: every one a valid scenario, and among them the places a
// cut or a recovery command goes wrong that plain draws rarely reach — a UTF-8 cap inside an emoji's 4 bytes (past its
// third byte too), and outputs running past the 240 lines one recovery read covers, and past 64 KiB.

const cases = fc.sample(toolOutputExplorer.scenarios(), { numRuns: 400, seed: 7 })
const given = cases.map((c) => c.given as unknown as { page: PageSpec; cap: CapSpec; spill: string })

describe('the tool-output explorer', () => {
  test('generates only valid scenarios', () => {
    const parsed = cases.map((c) => scenarioSchema.safeParse({ title: 'explored case', ...c }))
    expect(parsed.filter((p) => !p.success).map((p) => p.error?.issues[0]?.message)).toEqual([])
  })

  test('places UTF-8 caps inside an emoji, at each of its inner bytes', () => {
    const inside = new Set<number>()
    for (const { page, cap } of given) {
      if (cap.unit !== 'utf8-bytes' || !('wideCharacter' in cap)) continue
      const output = pageOutput(page)
      const max = (resolveCap(output, cap) as { max: number }).max
      // the character the cap falls in: the first whose end lies past the cap
      let offset = 0
      for (const char of output) {
        const width = measure('utf8-bytes', char)
        if (offset + width > max) {
          if (width === 4 && max > offset) inside.add(max - offset)
          break
        }
        offset += width
      }
    }
    expect([...inside].sort()).toEqual([1, 2, 3])
  })

  test('reaches outputs past 240 and 480 lines, and past 64 KiB', () => {
    const outputs = given.map(({ page }) => pageOutput(page))
    const share = (ok: (output: string) => boolean) => outputs.filter(ok).length / outputs.length
    expect(share((o) => o.split('\n').length > 240)).toBeGreaterThan(0.1)
    expect(share((o) => o.split('\n').length > 480)).toBeGreaterThan(0.02)
    expect(share((o) => Buffer.byteLength(o, 'utf8') > 65_536)).toBeGreaterThan(0.02)
  })
})

describe('fitCap', () => {
  test('writes a cap at the n-th emoji as the wideCharacter cap of the unit, its last emoji at most, none without one', () => {
    const output = '- link "é 🙂 ü 🚀"'
    expect(fitCap(output, { unit: 'utf8-bytes', astral: 1, by: 3 })).toEqual({ unit: 'utf8-bytes', wideCharacter: 2, by: 3 })
    expect(fitCap(output, { unit: 'utf8-bytes', astral: 9, by: 1 })).toEqual({ unit: 'utf8-bytes', wideCharacter: 4, by: 1 })
    expect(fitCap(output, { unit: 'utf16-units', astral: 2, by: 1 })).toEqual({ unit: 'utf16-units', wideCharacter: 2, by: 1 })
    expect(fitCap('- link "é"', { unit: 'runes', astral: 1, by: 1 })).toBeUndefined()
  })
})
