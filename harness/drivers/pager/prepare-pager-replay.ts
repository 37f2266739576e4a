import type { CollectionOracle } from '#harness/history/history.ts'
import type { PagerScenario } from '#harness/scenario/scenario-schema.ts'
import { loadAnalysisRunFixture } from '#fixtures/analysis-run/load-analysis-run-fixture.ts'
import type { AnalysisRunFixture } from '#fixtures/analysis-run/load-analysis-run-fixture.ts'
import { deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'
import { resolveCeilings } from '#harness/drivers/pager/resolve-ceilings.ts'
import type { PagerReplay } from '#harness/drivers/pager/drive-pager.ts'

/** A pager scenario made ready to replay: its fixture's records and hash, the oracle of every collection it reads, absolute ceilings. */
export interface PreparedPagerReplay extends PagerReplay {
  fixture: { name: string; hash: string }
}

/** Loads a pager scenario's fixture (a named one, its hash checked, or a generated one) and its previous fixture if any, derives the oracle of each collection it names, and resolves its ceilings. */
export function preparePagerReplay(scenario: PagerScenario): PreparedPagerReplay {
  const run = loadAnalysisRunFixture(scenario.fixture as AnalysisRunFixture)
  const names = new Set<string>()
  for (const step of scenario.steps) names.add('read' in step ? step.read.collection : step.walk.collection)
  for (const c of scenario.given.ceilings) if (!('max' in c)) names.add('largestItemOf' in c ? c.largestItemOf : c.pageOf)
  const oracle: CollectionOracle[] = []
  const byName = new Map<string, CollectionOracle>()
  for (const collection of [...names].sort()) {
    const derived = deriveCollection(run.records, collection)
    if (!derived) continue
    const entry = { collection, ids: derived.ids, items: derived.items }
    oracle.push(entry)
    byName.set(collection, entry)
  }
  const previous = scenario.given.previousFixture === undefined ? undefined : loadAnalysisRunFixture(scenario.given.previousFixture as AnalysisRunFixture)
  return {
    fixture: { name: run.name, hash: run.hash },
    records: run.records,
    ceilings: resolveCeilings(scenario.given.ceilings, byName),
    oracle,
    steps: scenario.steps,
    ...(previous ? { previous: { name: previous.name, records: previous.records } } : {}),
  }
}
