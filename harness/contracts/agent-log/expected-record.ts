import type { AgentRecord } from '#harness/ports/agent-log-port.ts'
import type { ExpectedAgent } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { quoted, textDifference, visibleJson } from '#harness/contracts/text-difference.ts'

/** The fields of a record, in the order the port documents them. */
export const recordFields = ['sessionId', 'agentId', 'name', 'kind', 'parentExecutionId', 'status', 'result', 'error', 'duration', 'startedAt', 'completedAt'] as const

/** One field of a record. */
export type RecordField = (typeof recordFields)[number]

/** What a field must hold: exactly this text, a timestamp (set), or '' (not set yet); absent: not decided by the steps. */
export type FieldRule = { equals: string } | { timestamp: true }

/**
 * What each field of an agent's record must hold, from what its steps said: the session and agent ids; the last
 * start's name, kind and parent ('' when it was never started); the last completion's status, result, error and
 * duration ('' while it never completed; a start after a completion leaves those four undecided); startedAt a
 * timestamp once started ('' never started); completedAt '' while it never completed, a timestamp once its last event
 * is a completion.
 */
export function expectedRecord(agent: ExpectedAgent): Partial<Record<RecordField, FieldRule>> {
  const equals = (text: string): FieldRule => ({ equals: text })
  const stamp: FieldRule = { timestamp: true }
  const rules: Partial<Record<RecordField, FieldRule>> = {
    sessionId: equals(agent.sessionId),
    agentId: equals(agent.agentId),
    name: equals(agent.start?.name ?? ''),
    kind: equals(agent.start?.kind ?? ''),
    parentExecutionId: equals(agent.start?.parent ?? ''),
    status: equals(agent.status),
    startedAt: agent.started ? stamp : equals(''),
  }
  if (!agent.completed) Object.assign(rules, { result: equals(''), error: equals(''), duration: equals(''), completedAt: equals('') })
  else if (agent.last === 'complete') {
    const o = agent.outcome!
    Object.assign(rules, { result: equals(o.result), error: equals(o.error), duration: equals(o.duration), completedAt: stamp })
  }
  return rules
}

/** A field a record holds against its rule: what it holds, what it should (a text due quoted), and for a text due, the UTF-8 byte where the two first differ. */
export interface WrongField {
  field: RecordField
  got: unknown
  expected: string
  byte?: number
}

/** The fields of a record that break their rule: what each holds and what it should, a text due quoted with every invisible character escaped. */
export function wrongFields(record: AgentRecord, rules: Partial<Record<RecordField, FieldRule>>): WrongField[] {
  const wrong: WrongField[] = []
  for (const field of recordFields) {
    const got = (record as unknown as Record<string, unknown>)[field]
    const rule = rules[field]
    if (typeof got !== 'string') wrong.push({ field, got: got === undefined ? '(missing)' : got, expected: rule && 'equals' in rule ? quoted(rule.equals) : 'a string' })
    else if (rule && 'equals' in rule && got !== rule.equals) wrong.push({ field, got, expected: quoted(rule.equals), byte: textDifference(rule.equals, got)!.byte })
    else if (rule && 'timestamp' in rule && !isTimestamp(got)) wrong.push({ field, got, expected: timestampExpected })
  }
  return wrong
}

/** A wrong field as a message says it: `name "Gate\u{200B}" (expected "Gate", first different at byte 4)`; a value that is no text as JSON (`result null`). */
export function wrongFieldLine(w: WrongField): string {
  const got = w.got === '(missing)' && w.byte === undefined ? w.got : typeof w.got === 'string' ? quoted(w.got) : visibleJson(w.got, 80)
  return `${w.field} ${got} (expected ${w.expected}${w.byte === undefined ? '' : `, first different at byte ${w.byte}`})`
}

/**
 * Whether every field of a record is what `expectedRecord(agent)` requires — `wrongFields(record,
 * expectedRecord(agent))` is empty — decided field by field with nothing allocated: a run of thousands of agents
 * checks one record per agent per check, and nearly all of them hold.
 */
export function recordMatches(record: AgentRecord, agent: ExpectedAgent): boolean {
  const r = record as unknown as Record<RecordField, unknown>
  for (const field of recordFields) if (typeof r[field] !== 'string') return false
  const start = agent.start
  if (r.sessionId !== agent.sessionId || r.agentId !== agent.agentId || r.status !== agent.status) return false
  if (r.name !== (start?.name ?? '') || r.kind !== (start?.kind ?? '') || r.parentExecutionId !== (start?.parent ?? '')) return false
  if (agent.started ? !isTimestamp(r.startedAt as string) : r.startedAt !== '') return false
  if (!agent.completed) return r.result === '' && r.error === '' && r.duration === '' && r.completedAt === ''
  if (agent.last !== 'complete') return true
  const o = agent.outcome!
  return r.result === o.result && r.error === o.error && r.duration === o.duration && isTimestamp(r.completedAt as string)
}

/**
 * A date and time in UTC written as JavaScript's `toISOString()` writes it (`2026-08-12T09:00:00.000Z`): milliseconds and
 * `Z` included, so that the order of two as text is their order in time (docs/agent-log-port.md). A time without `Z`
 * (local time), without milliseconds, or with a space for the `T` (SQLite's `datetime('now')`) is not one.
 */
export function isTimestamp(text: string): boolean {
  return isoTimestamp.test(text) && !Number.isNaN(Date.parse(text))
}

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** What a timestamp field must hold, as a broken record's witness says it. */
export const timestampExpected = 'a timestamp in UTC as toISOString() writes it (2026-08-12T09:00:00.000Z)'

