import type { AgentLogCall } from '#harness/contracts/agent-log/agent-log-run.ts'

/**
 * How far a stamp may lie outside its call's window on the kit's clock, and why it is enough. The implementation
 * reads the same wall clock after the kit's read before sending and before its read after the answer, so on a clock
 * that only moves forward its stamp (cut to the millisecond, as `Date.now()` cuts the kit's) lies within the two reads.
 * The margin covers what can still differ: `baseMarginMs` for the cutting to milliseconds on both sides and a clock
 * read at a coarser tick, each read's measured gap (a process descheduled between its two monotonic reads), and
 * `msPerSecond` of the call's length for a clock being slewed. None of it depends on how loaded the machine is: a call
 * that waits longer has a wider window, not a tighter margin.
 */
export const stampMargin = { baseMarginMs: 4, msPerSecond: 1 } as const

/** The wall-clock window a record's stamp must lie in: the kit's reads around its call, widened by the margin; undecided where the wall clock stepped during the call. */
export interface StampWindow {
  /** ms since the epoch */
  from: number
  to: number
  marginMs: number
  /** The wall clock moved by more than the margin against the monotonic one during the call (set by hand or stepped by NTP): the window is not the call's, and a stamp outside it proves nothing. */
  stepped: boolean
}

/** The window of a start or completion call the kit read the wall clock around, or undefined (no reads: a History from before, or the call never answered). */
export function stampWindow(call: Pick<AgentLogCall, 'wallSent' | 'wallAnswered'>): StampWindow | undefined {
  const sent = call.wallSent
  const answered = call.wallAnswered
  if (!sent || !answered) return undefined
  const monotonic = answered.mono - sent.mono
  const wall = answered.at - sent.at
  const marginMs = Math.ceil(stampMargin.baseMarginMs + sent.gap + answered.gap + (Math.max(monotonic, wall, 0) / 1000) * stampMargin.msPerSecond)
  return { from: sent.at - marginMs, to: answered.at + marginMs, marginMs, stepped: Math.abs(wall - monotonic) > marginMs }
}

/** Where a stamp lies against its window: `in`, `out` (broken), or `undecided` (outside a window the wall clock stepped in). */
export function stampAgainst(stamp: string, window: StampWindow): 'in' | 'out' | 'undecided' {
  const at = Date.parse(stamp)
  if (at >= window.from && at <= window.to) return 'in'
  return window.stepped ? 'undecided' : 'out'
}

/** How far a stamp lies outside its window, as a message says it: `5 h 30 min later`, `1.2 s earlier`. */
export function offWindow(stamp: string, window: StampWindow): string {
  const at = Date.parse(stamp)
  const off = at > window.to ? at - window.to : window.from - at
  const side = at > window.to ? 'after' : 'before'
  const hours = Math.floor(off / 3_600_000)
  const minutes = Math.round((off % 3_600_000) / 60_000)
  const amount = off >= 60_000 ? `${hours > 0 ? `${hours} h ` : ''}${minutes} min` : off >= 1000 ? `${(off / 1000).toFixed(1)} s` : `${off} ms`
  return `${amount} ${side} it`
}
