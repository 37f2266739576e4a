import { isSeq, parseDocument, type Document } from 'yaml'
import type { ListPlan, Rebaseline } from '#harness/profiles/rebaseline.ts'

/** A profile's text with its knownFailing and knownFlaky lists replaced by a rebaseline's, keeping every other line and comment as written. */
export function rewriteProfileList(source: string, next: Pick<Rebaseline, 'list'> & Partial<Pick<Rebaseline, 'flaky'>>): string {
  const doc = parseDocument(source)
  setList(doc, 'knownFailing', next.list)
  if (next.flaky && (next.flaky.some((item) => 'add' in item) || doc.has('knownFlaky'))) setList(doc, 'knownFlaky', next.flaky)
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false })
}

/** Replaces one list of the document, reusing the old list's node (and its comments) and its kept items as written. */
function setList(doc: Document, key: string, plan: ListPlan): void {
  const old = doc.get(key, true)
  const oldItems = isSeq(old) ? old.items : []
  const items = plan.map((item) => ('keep' in item ? oldItems[item.keep] : doc.createNode(item.add)))
  const seq = isSeq(old) ? old : doc.createNode([])
  seq.items = items as typeof seq.items
  seq.flow = items.length === 0
  if (!isSeq(old)) doc.set(key, seq)
}
