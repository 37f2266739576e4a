import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'

/** The variable that fixes "today" (YYYY-MM-DD) for expiry checks, so tests and replays of old runs are deterministic. */
export const todayVariable = 'CONTRACT_KIT_TODAY'

/** Today's date as YYYY-MM-DD in UTC, or the one CONTRACT_KIT_TODAY gives. */
export function today(env: NodeJS.ProcessEnv = process.env): string {
  const fixed = env[todayVariable]
  if (fixed !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(fixed)) return fixed
  return new Date().toISOString().slice(0, 10)
}

/** Whether an entry's expiry date has passed: it excuses failures through its `expires` day, not after. */
export function isExpired(entry: Pick<KnownFailingEntry, 'expires'>, day: string): boolean {
  return entry.expires !== undefined && entry.expires < day
}
