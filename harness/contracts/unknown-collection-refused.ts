import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import { isValidLimit, stepReads } from '#harness/contracts/pager/step-reads.ts'
import { collectionNames } from '#fixtures/analysis-run/derive-collection.ts'
import { counted } from '#harness/contracts/counted.ts'
import { quoted, shownWord } from '#harness/contracts/text-difference.ts'

const noUnknownCollection = 'no step reads a collection that does not exist (with a valid limit)'
const isUnknown = (collection: string) => !(collectionNames as readonly string[]).includes(collection)

/**
 * recovery/unknown-collection-refused: a read of a collection that does not exist is answered with unknown_collection,
 * never with a page (an empty one included). Its evidence is each such read refused.
 */
export const unknownCollectionRefused = defineContract<PagerHistory>({
  id: 'recovery/unknown-collection-refused',
  statement: 'A read of a collection that does not exist is answered with unknown_collection, never with a page.',
  from: ['analysis-result-budget'],
  port: 'pager',
  exercisedBy: (scenario) => stepReads(scenario.steps).some((s) => s.validLimit && isUnknown(s.collection)) || noUnknownCollection,
  check(history) {
    pre(stepReads(history.steps).some((s) => s.validLimit && isUnknown(s.collection)), noUnknownCollection)
    const refused: string[] = []
    for (const read of pagerReads(history)) {
      if (!isUnknown(read.request.collection) || !isValidLimit(read.request.limit)) continue
      const o = read.outcome
      const where = `the read at event ${read.invoke.index} (${requestLine(read)})`
      if (o.kind === 'adapter-failure' || o.kind === 'unanswered') return unknown(`${where} got no answer`)
      if (o.kind === 'error' && o.code === 'unknown_collection') {
        refused.push(read.request.collection)
        continue
      }
      const answer = o.kind === 'error' ? shownWord(o.code) : `a page of ${counted(o.page.items.length, 'item')}`
      return broken(`${where} asked for a collection that does not exist and got ${answer}, not unknown_collection`, { ...describeRead(read), answer })
    }
    if (refused.length === 0) return unknown('no read of a collection that does not exist was made')
    // the reads counted, and the collections they asked for, each named once — counted too where reads repeat one
    const collections = [...new Set(refused)]
    const names = collections.map((n) => quoted(n)).join(', ')
    const what = collections.length === refused.length ? 'a collection that does not exist' : `${counted(collections.length, 'collection')} that do${collections.length === 1 ? 'es' : ''} not exist`
    return held(`${counted(refused.length, 'read')} of ${what} (${names}) answered unknown_collection`, { refused: refused.length, collections })
  },
})

/** Checks recovery/unknown-collection-refused on a History (returns the result). */
export const checkUnknownCollectionRefused = unknownCollectionRefused.check
