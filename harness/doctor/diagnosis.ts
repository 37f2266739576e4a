/** How one doctor check ended: fine, worth fixing, breaks the kit's runs, or not run because an earlier check failed. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip'

/** The checks doctor runs on a process it starts, in the order it prints them. */
export const checkIds = ['handshake', 'startup', 'stdout', 'stderr', 'latency', 'stdin-close', 'sigterm'] as const

/** The checks doctor prints for a service already running (`http:<url>`): reachable first, then the others. */
export const httpCheckIds = ['reachable', ...checkIds] as const

/** One of the checks doctor runs. */
export type CheckId = (typeof httpCheckIds)[number]

/** The result of one check: a one-line summary, optional detail lines, and a concrete fix for every warn and fail. */
export interface CheckResult {
  id: CheckId
  status: CheckStatus
  /** One line saying what was seen. */
  summary: string
  /** More lines worth showing (each stray line, per-port timings, the end of stderr). */
  details: string[]
  /** What to change, for a warn or a fail; may span lines. */
  fix?: string
}

/** What doctor found about one implementation before any scenario. */
export interface Diagnosis {
  /** The argv doctor started (none for a service already running). */
  command: string[]
  /** The URL of a service already running that doctor reached (`http:<url>`). */
  url?: string
  /** What the implementation declared in its handshake, if it answered one. */
  system?: { name: string; ports: string[] }
  checks: CheckResult[]
  /** True when no check failed (warnings allowed). */
  ok: boolean
}
