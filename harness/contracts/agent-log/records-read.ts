import type { AgentRecord } from '#harness/ports/agent-log-port.ts'

/** What one answer of `agent-log.records` shows, read in one pass: its rows by agent id, and what the session and order contracts ask of it. */
export interface RecordsRead {
  /** The first row naming each agent id. */
  first: Map<unknown, AgentRecord>
  /** How many rows name each agent id named by more than one (an id named once is not here). */
  more: Map<unknown, number>
  /** How many of the records are objects (anything else names no agent and is left to the port's shape checks). */
  objects: number
  /** How many of those name a session other than the check's. */
  otherSession: number
  /** Where the first record out of the documented order is, counting objects only (-1 when none is). */
  outOfOrderAt: number
}

/** Whether record `a` comes before (or with) `b` in the documented order: startedAt, then agentId, each compared as text (code unit by code unit). */
export function inRecordOrder(a: Pick<AgentRecord, 'startedAt' | 'agentId'>, b: Pick<AgentRecord, 'startedAt' | 'agentId'>): boolean {
  if (a.startedAt !== b.startedAt) return a.startedAt < b.startedAt
  return a.agentId <= b.agentId
}

const reads = new WeakMap<readonly AgentRecord[], { sessionId: string; read: RecordsRead }>()

/**
 * Reads the records a check got back (for session `sessionId`) once: every contract that asks about them shares the
 * one pass — a run of thousands of agents answers tens of thousands of records, and each pass over them is paid in
 * memory reads more than in work.
 */
export function recordsRead(records: readonly AgentRecord[], sessionId: string): RecordsRead {
  // a records array is one check's answer, so one session's; the read is kept with the session it counted for
  const known = reads.get(records)
  if (known?.sessionId === sessionId) return known.read
  const read: RecordsRead = { first: new Map(), more: new Map(), objects: 0, otherSession: 0, outOfOrderAt: -1 }
  let previous: AgentRecord | undefined
  for (const r of records) {
    if (typeof r !== 'object' || r === null) continue
    if (!read.first.has(r.agentId)) read.first.set(r.agentId, r)
    else read.more.set(r.agentId, (read.more.get(r.agentId) ?? 1) + 1)
    if (r.sessionId !== sessionId) read.otherSession += 1
    if (read.outOfOrderAt < 0 && previous !== undefined && !inRecordOrder(previous, r)) read.outOfOrderAt = read.objects
    previous = r
    read.objects += 1
  }
  reads.set(records, { sessionId, read })
  return read
}
