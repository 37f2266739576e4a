import type { SessionRun } from '#harness/contracts/session/session-run.ts'

/**
 * How long after the next try arrived (ms) the kit waits to see a hung try abandoned: the next try's own limit, and
 * room for a busy server to notice the close late. A correct client cancels a try at its limit, before the next.
 */
export const abandonSlackMs = 250

/** A try of a message that had no answer by its limit and was still open well after the next try came. */
export interface HungTryLeftOpen {
  read: number
  nextRead: number
  /** When the next try came, and by when the hung one should have been seen abandoned (ms from the start of the run). */
  nextAtMs: number
  dueMs: number
  /** When the server saw it end, and how (`client`: the client closed it late; `server-close`: it was open when the server closed), if it did. */
  endedAtMs?: number
  endedBy?: 'client' | 'server-close'
}

/**
 * The first try of `messageId` that hung (its answer `hang`), was followed by another try, and was not abandoned by
 * the client by `dueMs` — the next try's arrival, its limit and `abandonSlackMs` — while the client was still running
 * then (one that ended before `dueMs` may have closed it as it ended: nothing to judge).
 */
export function hungTryLeftOpen(run: SessionRun, messageId: string, tryTimeoutMs: number): HungTryLeftOpen | undefined {
  const reads: Array<{ read: number; answer: string; at: number }> = []
  const ends = new Map<number, { at: number; by: 'client' | 'server-close' }>()
  run.events.forEach((e, i) => {
    if (e.type === 'read' && e.messageId === messageId) reads.push({ read: e.read, answer: e.answer, at: run.times[i] ?? 0 })
    if (e.type === 'read-abandoned' && e.messageId === messageId && !ends.has(e.read)) ends.set(e.read, { at: run.times[i] ?? 0, by: e.by })
  })
  for (let i = 0; i + 1 < reads.length; i++) {
    const [hung, next] = [reads[i]!, reads[i + 1]!]
    if (hung.answer !== 'hang') continue
    const dueMs = Math.round((next.at + tryTimeoutMs + abandonSlackMs) * 10) / 10
    const end = ends.get(hung.read)
    if (end?.by === 'client' && end.at <= dueMs) continue
    if (run.endedMs === undefined || run.endedMs <= dueMs) continue // the client ended first: its end may have closed it
    return { read: hung.read, nextRead: next.read, nextAtMs: next.at, dueMs, ...(end ? { endedAtMs: end.at, endedBy: end.by } : {}) }
  }
  return undefined
}
