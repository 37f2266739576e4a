import type { PlannedCall, PlannedCheck } from '#harness/contracts/agent-log/agent-log-plan.ts'

/**
 * What `durability/scoped` judges in a run's steps: the calls of the sessions with no workspace, the checks that list
 * the sandbox after them while there is still no workspace, and the positive control — a later check, in the same
 * process, of a writable workspace with an agent recorded — without which "wrote nothing" cannot be told from "did nothing".
 */
export interface ScopedPlan<C extends PlannedCheck = PlannedCheck, K extends PlannedCall = PlannedCall> {
  chatCalls: K[]
  /** Checks of a session with no workspace that come after one of its calls: the sandbox is listed at each. */
  chatChecks: C[]
  /** The first check after the last chat check, in the same process, of a writable workspace that requires a row. */
  control?: C
}

/** Finds the calls, checks and control `durability/scoped` judges, from a plan (or a run, with what it got). */
export function scopedPlan<C extends PlannedCheck, K extends PlannedCall>(plan: { checks: C[]; calls: K[] }): ScopedPlan<C, K> {
  const chatCalls = plan.calls.filter((c) => c.workspace === 'none')
  const first = chatCalls[0]?.step ?? Infinity
  const chatChecks = plan.checks.filter((c) => c.workspace === 'none' && c.step > first)
  const last = chatChecks.at(-1)
  const control = last && plan.checks.find((c) => c.step > last.step && c.process === last.process && c.writable && c.expected.length > 0)
  return { chatCalls, chatChecks, ...(control ? { control } : {}) }
}

/** Why a plan does not exercise `durability/scoped`, or true. */
export function scopedExercised(plan: ScopedPlan): true | string {
  if (plan.chatCalls.length === 0) return 'every session has a workspace: no session must stay out of the store'
  if (plan.chatChecks.length === 0) return 'no check follows the calls of the session with no workspace, so the sandbox is never listed after them'
  if (!plan.control) return noControl
  return true
}

/** The reason of a run (or scenario) with no positive control for `durability/scoped`. */
export const noControl =
  'no control: no later check in the same process reads back an agent of a writable workspace (a `setup: { workspace: sandboxed }` step, an agent, a check), so writing nothing without a workspace cannot be told from doing nothing'
