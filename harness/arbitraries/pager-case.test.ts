import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { pagerCase } from '#harness/arbitraries/pager-case.ts'
import type { PagerCase } from '#harness/arbitraries/pager-case.ts'
import { pagerStepSchema } from '#harness/scenario/scenario-schema.ts'
import { measure } from '#harness/measures/measure.ts'
import { deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'

const seed = 0x0ca5e
const cases = fc.sample(pagerCase(), { numRuns: 300, seed })

/** Whether a case's records hold derivation edge cases (docs/fixtures.md): then seqs are not 1..N in array order. */
const hasEdges = (c: PagerCase) => c.records.some((r, i) => r.seq !== i + 1) || c.records.some((r) => typeof r.call_id !== 'string' && r.record_type.startsWith('capability'))

/** The ways a case can be invalid (empty when it is valid): records, ceilings and steps as a scenario would give them. */
function problemsOf(c: PagerCase): string[] {
  const problems: string[] = []
  const inputs = new Map<unknown, unknown>()
  for (const r of c.records) if (r.record_type === 'capability-input') inputs.set(r.call_id, r.payload.name)
  const plain = !hasEdges(c)
  c.records.forEach((r, i) => {
    if (plain && r.seq !== i + 1) problems.push(`record ${i} has seq ${r.seq}`)
    if (!Number.isInteger(r.seq) || r.seq < 1) problems.push(`record ${i} has seq ${r.seq}`)
    const keys = Object.keys(r).join(',')
    if (keys !== (r.call_id === undefined ? 'seq,record_type,payload' : 'seq,record_type,call_id,payload')) problems.push(`record ${r.seq} keys ${keys}`)
    if (r.record_type === 'capability-output' && inputs.get(r.call_id) !== r.payload.name) problems.push(`output ${r.call_id} has no input`)
  })
  const json = JSON.stringify(c.records)
  if (JSON.stringify(JSON.parse(json)) !== json || measure('json-bytes', c.records) !== Buffer.byteLength(json)) problems.push('records are not plain JSON')
  if (/\d\.\d|e[+-]/.test(json.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) problems.push('a number is not an integer')
  if (!/^(json-bytes|utf8-bytes|runes|utf16-units),retained-bytes$/.test(c.ceilings.map((x) => x.measure).join())) problems.push(`ceilings ${JSON.stringify(c.ceilings)}`)
  if (!c.ceilings.every((x) => Number.isInteger(x.max) && x.max >= 1)) problems.push(`ceiling max ${JSON.stringify(c.ceilings)}`)
  if (!c.steps.every((s) => pagerStepSchema.safeParse(s).success)) problems.push(`steps ${JSON.stringify(c.steps)}`)
  const walks = c.steps.filter((s) => 'walk' in s)
  const reads = c.steps.filter((s) => 'read' in s && (s.read.cursor === null || s.read.cursor === undefined) && s.read.collection === 'model-exchanges')
  const refused = c.steps.length - walks.length - reads.length
  if (walks.length !== 1 || reads.length !== 1 || refused > 4) problems.push('not one walk, one read from the start and up to four refused reads (three cursors never handed out, one unknown collection)')
  const walkLimit = walks[0] && 'walk' in walks[0] ? walks[0].walk.limit : undefined
  if (walkLimit === undefined || walkLimit < 1 || walkLimit > 100) problems.push(`walk limit ${walkLimit}`)
  if (reads[0] && 'read' in reads[0] && reads[0].read.cursor !== null) problems.push('the read is not from the start')
  if (exchanges(c).length > (hasEdges(c) ? 17 : 14)) problems.push(`${exchanges(c).length} exchanges`) // the odd calls add three
  return problems
}

function exchanges(c: PagerCase): unknown[] {
  return deriveCollection(c.records, 'model-exchanges')!.items
}

/** The size of each exchange's one-item page under a measure. */
function alone(c: PagerCase, name: 'json-bytes' | 'retained-bytes'): number[] {
  return exchanges(c).map((item) => measure(name, { items: [item], cursor: null }))
}

const share = (predicate: (c: PagerCase) => boolean) => cases.filter(predicate).length / cases.length
const readLimit = (c: PagerCase) => c.steps.flatMap((s) => ('read' in s ? [s.read.limit] : []))[0]
const walkLimit = (c: PagerCase) => c.steps.flatMap((s) => ('walk' in s ? [s.walk.limit ?? 100] : []))[0]
const hasOversized = (c: PagerCase) => c.ceilings.some((x) => alone(c, x.measure as 'json-bytes').some((size) => size > x.max))

describe('pagerCase', () => {
  test('draws valid cases: records in seq order with paired calls, plain JSON with integer numbers, two ceilings, valid steps', () => {
    expect(cases.flatMap((c, i) => problemsOf(c).map((p) => `case ${i}: ${p}`))).toEqual([])
  })

  test('draws runs from empty to 14 exchanges, each a few KB, with non-ASCII text and other records besides', () => {
    const counts = cases.map((c) => exchanges(c).length)
    expect(Math.min(...counts)).toBe(0)
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(13)
    const bytes = cases.map((c) => measure('json-bytes', c.records))
    expect(bytes.reduce((a, b) => a + b, 0) / bytes.length).toBeLessThan(10_000)
    expect(Math.max(...bytes)).toBeLessThan(40_000)
    expect(share((c) => /[^\x00-\x7f]/.test(JSON.stringify(exchanges(c))))).toBeGreaterThan(0.7)
    expect(share((c) => c.records.some((r) => r.record_type === 'mcp-request'))).toBeGreaterThan(0.5)
    expect(share((c) => c.records.some((r) => r.record_type === 'capability-input' && !c.records.some((o) => o.record_type === 'capability-output' && o.call_id === r.call_id)))).toBeGreaterThan(0.2)
  })

  test('draws the derivation edge cases, text measures, refused reads and a previous run in a share of the cases', () => {
    expect(share(hasEdges)).toBeGreaterThan(0.4)
    expect(share((c) => c.ceilings[0].measure !== 'json-bytes')).toBeGreaterThan(0.15)
    expect(share((c) => c.steps.some((s) => 'read' in s && s.read.cursor === 'contract-kit:not-a-cursor'))).toBeGreaterThan(0.45)
    expect(share((c) => c.steps.some((s) => 'read' in s && s.read.collection === 'tool-calls'))).toBeGreaterThan(0.45)
    expect(share((c) => c.previous !== undefined)).toBeGreaterThan(0.1)
  })

  test('varies JSON bytes and retained bytes independently: the largest item by one is often not the largest by the other', () => {
    const argmax = (xs: number[]) => xs.indexOf(Math.max(...xs))
    const several = cases.filter((c) => exchanges(c).length >= 3)
    const differ = several.filter((c) => argmax(alone(c, 'json-bytes')) !== argmax(alone(c, 'retained-bytes')))
    expect(differ.length / several.length).toBeGreaterThan(0.2)
  })

  test('places ceilings so that some cases have oversized items and some fit every item', () => {
    expect(share(hasOversized)).toBeGreaterThan(0.2)
    expect(share((c) => exchanges(c).length > 0 && !hasOversized(c))).toBeGreaterThan(0.2)
  })

  test('draws small walk limits mostly, large ones sometimes, and invalid read limits (0, 101, -3)', () => {
    expect(share((c) => walkLimit(c) <= 4)).toBeGreaterThan(0.5)
    expect(share((c) => walkLimit(c) > 10)).toBeGreaterThan(0.05)
    for (const invalid of [0, 101, -3]) expect(share((c) => readLimit(c) === invalid)).toBeGreaterThan(0.02)
    expect(share((c) => readLimit(c) === undefined)).toBeGreaterThan(0.02)
  })

  test('shrinks to valid cases: a case with 3 exchanges and an oversized item shrinks to the fewest exchanges its edges allow', () => {
    const invalid: string[] = []
    const details = fc.check(
      fc.property(pagerCase(), (c) => {
        invalid.push(...problemsOf(c))
        return !(exchanges(c).length >= 3 && hasOversized(c))
      }),
      { seed },
    )
    expect(details.failed).toBe(true)
    expect(invalid).toEqual([])
    // three exchanges of the run's own, or one and the three the `odd-calls` edge inserts at once (cap-9002…9004):
    // neither can lose an exchange and keep three
    const ids = exchanges(details.counterexample![0]).map((x) => (x as { id: string }).id)
    expect(ids.length).toBeLessThanOrEqual(4)
    if (ids.length === 4) expect(ids.filter((id) => id.startsWith('cap-900'))).toHaveLength(3)
    else expect(ids).toHaveLength(3)
  })
})
