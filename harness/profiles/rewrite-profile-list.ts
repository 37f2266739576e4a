import { isSeq, parseDocument } from 'yaml'
import type { Rebaseline } from '#harness/profiles/rebaseline.ts'

/** A profile's text with its knownFailing list replaced by a rebaseline's, keeping every other line and comment as written. */
export function rewriteProfileList(source: string, next: Rebaseline): string {
  const doc = parseDocument(source)
  const old = doc.get('knownFailing', true)
  const oldItems = isSeq(old) ? old.items : []
  const items = next.list.map((item) => ('keep' in item ? oldItems[item.keep] : doc.createNode(item.add)))
  const seq = isSeq(old) ? old : doc.createNode([])
  seq.items = items as typeof seq.items
  seq.flow = items.length === 0
  if (!isSeq(old)) doc.set('knownFailing', seq)
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false })
}
