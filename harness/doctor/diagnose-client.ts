import { checkIds, type Diagnosis } from '#harness/doctor/diagnosis.ts'
import { judgeStartup } from '#harness/doctor/judge-startup.ts'
import { measureClientStartup } from '#harness/doctor/measure-client-startup.ts'
import { shortestSessionDeadline } from '#harness/doctor/shortest-session-deadline.ts'
import { skippedCheck } from '#harness/doctor/skipped-check.ts'

/** What doctor starts for a session client and how often. */
export interface DiagnoseClientOptions {
  /** The client's argv template (no shell): `{url}`, `{session}`, `{timeout}`, `{tryTimeout}`, `{output}` are filled in. */
  template: readonly string[]
  cwd?: string
  /** How many times the client is started (default 3). */
  starts?: number
  /** How long each start may take to make its first request (default 10 000 ms). */
  waitMs?: number
}

/**
 * Checks a session client run as a command before any scenario: its start-up time, against the shortest deadline the
 * bundled session-client scenarios give; the stdio checks do not apply and are printed as skipped.
 */
export async function diagnoseClient(options: DiagnoseClientOptions): Promise<Diagnosis> {
  const deadline = await shortestSessionDeadline()
  const times = await measureClientStartup(options)
  const startup = judgeStartup(times, deadline, 'its first request to the session server')
  const why = 'a session client run as a command does not speak the stdio protocol'
  const checks = checkIds.map((id) => (id === 'startup' ? startup : skippedCheck(id, why)))
  return { command: [...options.template], checks, ok: startup.status !== 'fail' }
}
