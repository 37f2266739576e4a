import { broken, held, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import type { AgentLogCheck, AgentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'
import type { PlannedCheck } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { counted } from '#harness/contracts/counted.ts'
import { quoted, visibleJson } from '#harness/contracts/text-difference.ts'

/** Whether a plan (or run) reads a store the kit's `corrupt` step damaged: a check of the workspace after one, after a write there. */
export const readsDamagedStore = (checks: readonly PlannedCheck[]): boolean => checks.some((c) => c.damaged !== undefined)

/**
 * `durability/best-effort` on the reads of a store the kit damaged (`corrupt`: every file the implementation made under
 * the workspace overwritten with a line no store reads): each must answer normally — a list of the session's rows it
 * could still read, or `[]`. An error answered is broken before this (any scenario); here a read that answered no list,
 * or an entry that is no row of the session (not an object, another session's, an agent the session never recorded),
 * is broken. Unknown when the kit's note of what it damaged is missing, or it found no file to damage (no store was
 * there to fail), or a read went unanswered.
 */
export function judgeDamagedReads(run: AgentLogRun): ContractResult {
  const reads = run.checks.filter((c) => c.damaged !== undefined)
  const damageAt = new Map(run.damages.map((d) => [d.step, d]))
  const judged = reads.filter((c) => (damageAt.get(c.damaged!)?.damaged.length ?? 0) > 0)
  if (judged.length === 0) {
    const at = reads[0]!.damaged!
    if (!damageAt.has(at)) return unknown(`the History has no note of what the kit's corrupt step (step ${at}) damaged, so no read of a damaged store can be told from another`)
    return unknown(`the kit's corrupt step (step ${at}) found no file the implementation had made in its workspace (a store kept elsewhere, or none): no store was damaged, so no read of one was seen`)
  }
  for (const check of judged) {
    const after = `at the check of step ${check.step}, after the kit damaged the store (corrupt, step ${check.damaged})`
    if (check.notAList) return broken(`agent-log.records answered ${visibleJson(check.notAList.value, 60)} ${after}: not a list of the rows it can read, nor []`, { step: check.step, damagedAt: check.damaged, answered: check.notAList.value ?? null })
    const stray = strayEntry(check)
    if (stray) {
      return broken(`agent-log.records answered ${stray.what} ${after}: only the session's rows it can still read, or [], may come back`, { step: check.step, damagedAt: check.damaged, at: stray.at, entry: stray.entry ?? null, records: check.records!.length })
    }
  }
  const unanswered = judged.find((c) => c.records === undefined)
  if (unanswered) return unknown(`the check of step ${unanswered.step}, after the kit damaged the store, got no records back (agent-log.records was not answered), so its read was never seen`)
  const first = damageAt.get(judged[0]!.damaged!)!
  const files = `${counted(first.damaged.length, 'file')} overwritten: ${first.damaged.slice(0, 3).join(', ')}${first.damaged.length > 3 ? ', …' : ''}`
  const answers = judged.map((c) => `${c.records!.length === 0 ? '[]' : counted(c.records!.length, 'row')} at step ${c.step}`)
  return held(`after the kit damaged the store (corrupt, step ${first.step}: ${files}), ${counted(judged.length, 'read')} answered normally, with the rows it could still read: ${answers.join('; ')}`, {
    reads: judged.length,
    damagedAt: [...new Set(judged.map((c) => c.damaged))],
    damagedFiles: first.damaged.slice(0, 10),
    records: judged.map((c) => c.records!.length),
  })
}

/** The first entry of a check's records that is no row of its session: not an object, another session's, or an agent the session never recorded. */
function strayEntry(check: AgentLogCheck): { at: number; entry: unknown; what: string } | undefined {
  if (check.records === undefined) return undefined
  const own = new Set(check.expected.map((a) => a.agentId))
  for (const [at, entry] of (check.records as unknown[]).entries()) {
    if (typeof entry !== 'object' || entry === null) return { at, entry, what: `${visibleJson(entry, 60)} (entry ${at + 1}), which is no record` }
    const { sessionId, agentId } = entry as { sessionId?: unknown; agentId?: unknown }
    if (sessionId !== check.sessionId) return { at, entry, what: `a record of ${typeof sessionId === 'string' ? `session ${quoted(sessionId, 40)}` : 'no session'} (entry ${at + 1}), not of session ${check.sessionId}` }
    if (typeof agentId !== 'string' || !own.has(agentId)) return { at, entry, what: `a record of ${typeof agentId === 'string' ? `agent ${quoted(agentId, 40)}` : 'no agent'} (entry ${at + 1}), which the session never recorded` }
  }
  return undefined
}
