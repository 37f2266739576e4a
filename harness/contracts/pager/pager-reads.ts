import type { CollectionOracle, CompletionEvent, InvokeEvent, PagerHistory as History } from '#harness/history/history.ts'
import type { Page, PagerReadRequest } from '#harness/ports/pager-port.ts'
import { canonicalKey } from '#harness/contracts/pager/canonical-key.ts'

/** How one read ended, as the caller saw it. */
export type ReadOutcome =
  | { kind: 'page'; page: Page }
  | { kind: 'rejected'; page: Page; measure: string; value: number; max: number }
  | { kind: 'error'; code: string; message: string; data?: Record<string, unknown> }
  | { kind: 'adapter-failure'; message: string }
  | { kind: 'unanswered' }

/** One `pager.read` of a History: what was asked, where in the collection it started (when known), and how it ended. */
export interface PagerRead {
  invoke: InvokeEvent
  completion?: CompletionEvent
  step: number
  stepKind: 'read' | 'walk'
  request: PagerReadRequest
  /** The oracle index of the first item this read should return, when the kit can tell. */
  start?: number
  outcome: ReadOutcome
}

/** An oracle collection with a lookup from an item to its index. */
export interface IndexedOracle extends CollectionOracle {
  indexOf(item: unknown): number | undefined
}

/** Every pager.read of a History in order, paired with its completion and its start position. */
export function pagerReads(history: History): PagerRead[] {
  let reads = readsCache.get(history)
  if (!reads) readsCache.set(history, (reads = collectReads(history)))
  return reads
}

const readsCache = new WeakMap<History, PagerRead[]>()

function collectReads(history: History): PagerRead[] {
  const completions = new Map<number, CompletionEvent>()
  for (const e of history.events) if (e.type === 'ok' || e.type === 'fail' || e.type === 'info') completions.set(e.invoke, e)
  const oracles = indexedOracles(history)
  const reads: PagerRead[] = []
  let walkStep = -1
  let start: number | undefined
  for (const e of history.events) {
    if (e.type !== 'invoke' || e.f !== 'pager.read') continue
    const request = e.value as PagerReadRequest
    const stepKind = stepKindOf(history.steps[e.step])
    if (stepKind === 'read') start = request.cursor == null ? 0 : undefined
    else if (walkStep !== e.step) start = 0
    walkStep = e.step
    const completion = completions.get(e.index)
    const outcome = outcomeOf(completion)
    reads.push({ invoke: e, completion, step: e.step, stepKind, request, start, outcome })
    start = nextStart(start, outcome, oracles.get(request.collection))
  }
  return reads
}

/** The History's oracle collections by name, each able to find an item's index. */
export function indexedOracles(history: History): Map<string, IndexedOracle> {
  const cached = oracleCache.get(history)
  if (cached) return cached
  const result = new Map<string, IndexedOracle>()
  for (const oracle of history.oracle) {
    const exact = new Map<string, number>()
    oracle.items.forEach((item, i) => exact.set(JSON.stringify(item), i))
    // the key-order-blind index is built only when an item is not found as the oracle writes it (sorting every
    // item's keys costs more than the rest of the lookups together)
    let canonical: Map<string, number> | undefined
    const canonicalIndex = () => (canonical ??= new Map(oracle.items.map((item, i) => [canonicalKey(item), i])))
    const found = new WeakMap<object, number | undefined>()
    const lookUp = (item: unknown) => exact.get(JSON.stringify(item)) ?? canonicalIndex().get(canonicalKey(item))
    const indexOf = (item: unknown) => {
      if (typeof item !== 'object' || item === null) return lookUp(item)
      if (!found.has(item)) found.set(item, lookUp(item))
      return found.get(item)
    }
    result.set(oracle.collection, { ...oracle, indexOf })
  }
  oracleCache.set(history, result)
  return result
}

const oracleCache = new WeakMap<History, Map<string, IndexedOracle>>()

function stepKindOf(step: unknown): 'read' | 'walk' {
  return step !== null && typeof step === 'object' && 'walk' in step ? 'walk' : 'read'
}

function outcomeOf(completion: CompletionEvent | undefined): ReadOutcome {
  if (!completion) return { kind: 'unanswered' }
  if (completion.type === 'info') return { kind: 'adapter-failure', message: completion.error?.message ?? 'no answer' }
  if (completion.type === 'fail') {
    const { code, message, data } = completion.error ?? { code: 'unknown', message: '' }
    return { kind: 'error', code, message, data: data as Record<string, unknown> | undefined }
  }
  const page = completion.value as Page
  const d = completion.dispatcher
  if (d && !d.accepted) return { kind: 'rejected', page, measure: d.measure, value: d.value, max: d.max }
  return { kind: 'page', page }
}

function nextStart(start: number | undefined, outcome: ReadOutcome, oracle: IndexedOracle | undefined): number | undefined {
  if (outcome.kind === 'page') {
    const items = outcome.page.items
    if (items.length === 0) return start
    const last = oracle?.indexOf(items[items.length - 1])
    return last === undefined ? undefined : last + 1
  }
  if (outcome.kind === 'error' && outcome.code === 'result_limit_exceeded' && start !== undefined) return start + 1
  return undefined
}
