// The hand-written equivalent of one kit scenario (regressions/analysis-result-budget/forty-exchanges on
// pager/reference), as a team would write it without the kit: the same fixture, the same reads (following cursors
// with the default limit), the same two ceilings checked on every page, and every exchange recovered exactly once,
// in order. It imports the same compiled pager and fixture code the kit's run uses, so the two differ only by the kit.
import { expect, test } from 'vitest'
import { loadAnalysisRun } from '../../../dist/fixtures/analysis-run/analysis-runs.js'
import { deriveCollection } from '../../../dist/fixtures/analysis-run/derive-collection.js'
import { createReferencePager } from '../../../dist/fixtures/systems/pager/reference.js'
import { jsonBytes } from '../../../dist/harness/measures/json-bytes.js'
import { retainedBytes } from '../../../dist/harness/measures/retained-bytes.js'

test('following cursors over the 40-exchange run recovers every exchange exactly once, every page within both ceilings', async () => {
  const { records } = loadAnalysisRun('analysis-run/forty-exchanges')
  const expected = deriveCollection(records, 'model-exchanges')
  const ceilings = [
    { measure: 'json-bytes', max: 262144 },
    { measure: 'retained-bytes', max: 262144 },
  ]
  const pager = createReferencePager()
  // every call passes through JSON, as over a wire
  await pager.setup(JSON.parse(JSON.stringify({ records, ceilings })))
  const seen = []
  let cursor = null
  do {
    const outcome = JSON.parse(JSON.stringify(await pager.read({ collection: 'model-exchanges', ...(cursor ? { cursor } : {}) })))
    expect(outcome.ok).toBe(true)
    expect(jsonBytes(outcome.page)).toBeLessThanOrEqual(262144)
    expect(retainedBytes(outcome.page)).toBeLessThanOrEqual(262144)
    expect(outcome.page.items.length).toBeGreaterThan(0)
    seen.push(...outcome.page.items)
    cursor = outcome.page.cursor
  } while (cursor !== null)
  expect(seen).toEqual(expected.items)
})
