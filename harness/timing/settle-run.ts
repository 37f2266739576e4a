import type { RunOutcome, SettlingAttempt } from '#harness/runner/run-outcome.ts'
import { settlingFactors } from '#harness/timing/time-scale.ts'

/**
 * Whether a run is inconclusive only because of time: `error`, and every exercised contract it could not judge came
 * back `unknown` because of when things happened (an adapter's failure, or any other unknown, is not).
 */
export function inconclusiveInTime(outcome: RunOutcome): boolean {
  if (outcome.verdict !== 'error') return false
  const unjudged = outcome.contracts.filter((c) => c.exercised && (c.verdict === 'unknown' || c.verdict === 'not-applicable'))
  return unjudged.length > 0 && unjudged.every((c) => c.verdict === 'unknown' && c.cause === 'time')
}

/**
 * Replays a run at `scale` and, while it is inconclusive only because of time, again at twice and then four times that
 * scale: the last attempt decides, and the outcome lists every attempt (`settling`) when there was more than one. A
 * run with any other verdict — `broken` above all, which stands on its first proof — is never run again.
 */
export async function settleRun(replay: (timeScale: number) => Promise<RunOutcome>, scale: number): Promise<RunOutcome> {
  const attempts: RunOutcome[] = []
  for (const factor of settlingFactors) {
    const outcome = await replay(scale * factor)
    attempts.push(outcome)
    if (!inconclusiveInTime(outcome)) break
  }
  const last = attempts.at(-1)!
  if (attempts.length === 1) return last
  const settling = attempts.map((a, i): SettlingAttempt => ({
    attempt: i + 1,
    timeScale: a.timeScale ?? scale * settlingFactors[i]!,
    verdict: a.verdict,
    ...(a.error ? { reason: a.error.message } : {}),
    // the last attempt's History is the outcome's own
    ...(a.history && i < attempts.length - 1 ? { history: a.history } : {}),
  }))
  return { ...last, settling }
}

/** One line on how a run was settled: `settled on attempt 2 at scale 2 — attempt 1: …`, or why it stayed inconclusive. */
export function describeSettling(outcome: { settling?: ReadonlyArray<Pick<SettlingAttempt, 'attempt' | 'timeScale' | 'verdict' | 'reason'>> }): string | undefined {
  const attempts = outcome.settling
  if (!attempts || attempts.length < 2) return undefined
  const last = attempts.at(-1)!
  const earlier = attempts.slice(0, -1).map((a) => `attempt ${a.attempt} (scale ${a.timeScale}): ${a.verdict}${a.reason ? `: ${a.reason}` : ''}`)
  const head = inconclusiveVerdict(last) ? `still inconclusive after attempt ${last.attempt} at scale ${last.timeScale}` : `settled on attempt ${last.attempt} at scale ${last.timeScale} (${last.verdict})`
  return `${head} — ${earlier.join('; ')}`
}

function inconclusiveVerdict(a: Pick<SettlingAttempt, 'verdict'>): boolean {
  return a.verdict === 'error'
}
