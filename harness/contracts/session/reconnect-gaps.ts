import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import { refusesCall } from '#harness/contracts/session/watch-cut.ts'
import { nonEndingFaults } from '#harness/servers/session-server/session-script.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'

/** The wait due before a reconnect after a watch call that brought a frame (ms). */
export const firstWaitMs = 50

/** The wait due never grows past this (ms). */
export const maxWaitMs = 1000

/** How much earlier than due the kit accepts a reconnect (ms): the timers of a process fire to the millisecond. */
export const waitSlackMs = 2

/** The wait due before a reconnect when `fruitless` watch calls in a row, the last one just ended, brought no frame. */
export function waitDueMs(fruitless: number): number {
  return Math.min(firstWaitMs * 2 ** fruitless, maxWaitMs)
}

/** One WatchSession call as the server saw it: when it began, how many frames it wrote whole, and how and when it ended. */
export interface WatchCall {
  watch: number
  cursor: string | null
  /** When the call began, and when the server ended it (its ending fault, else its end), in ms from the start of the run. */
  startedAt: number
  endedAt?: number
  /** The client closed the call up to this long before `endedAt` (the server noticed its close late); 0 for an end the server made. */
  endedLateByMs: number
  frames: number
  /** What ended it: the fault kind (`drop`, `goaway`…), or how it ended (`end-stream`, `client-closed`…). */
  endedBy?: string
  /** It was refused before anything was processed: the next call replays it. */
  refused: boolean
  /** An end-of-stream error ended it: its end is the envelope's, not the stream's close after it. */
  endedByEnvelope?: boolean
}

/**
 * One reconnect: the call it opened, the wait the client left after the call before it ended, and the wait due. When
 * the client closed that call itself and the server noticed it late, the wait may have been up to `lateByMs` longer.
 */
export interface Reconnect {
  watch: number
  waitedMs: number
  lateByMs: number
  dueMs: number
  /** Watch calls in a row before it that brought no frame. */
  fruitless: number
  after: string
}

/** The watch calls of a run in order, from the server's events and the times it recorded them. */
export function watchCalls(run: SessionRun): WatchCall[] {
  const calls: WatchCall[] = []
  const byWatch = new Map<number, WatchCall>()
  run.events.forEach((e, i) => {
    const at = run.times[i] ?? 0
    if (e.type === 'watch') {
      const call: WatchCall = { watch: e.watch, cursor: e.cursor, startedAt: at, endedLateByMs: 0, frames: 0, refused: false }
      calls.push(call)
      byWatch.set(e.watch, call)
      return
    }
    const call = 'watch' in e ? byWatch.get(e.watch) : undefined
    if (!call) return
    if (e.type === 'frame') call.frames++
    // a fault that put nothing on the wire did not end the call: the client had left first (its `end` follows)
    if (e.type === 'fault' && !nonEndingFaults.has(e.kind as WatchFault['kind']) && e.sent.length > 0 && call.endedBy === undefined) {
      call.endedAt = at
      call.endedBy = e.code ? `${e.kind} ${e.code}` : e.kind
      call.refused = refusesCall(e.kind, e.code)
      call.endedByEnvelope = e.kind === 'end-error'
    }
    // the call ended when its response did: at once after most faults, at the connection's close (or the client's
    // leaving) after a GOAWAY that gave its stream a grace period; an end-of-stream error ends it at its envelope, which
    // the client reads as the end (the stream's close the server records after it may come a few ms later)
    if (e.type === 'end' && !call.endedByEnvelope) {
      call.endedAt = at
      call.endedLateByMs = e.lateByMs ?? 0
      call.endedBy ??= e.how
    }
  })
  return calls
}

/**
 * The reconnects of a run, each with the wait the client left and the wait due: a call that follows a refused one is a
 * replay (nothing was processed: no wait is due, and the refused call is not counted as bringing no frame).
 */
export function reconnectsOf(calls: WatchCall[]): { reconnects: Reconnect[]; replays: number } {
  const reconnects: Reconnect[] = []
  let replays = 0
  let fruitless = 0
  calls.forEach((call, i) => {
    if (i === 0) return
    const before = calls[i - 1]
    if (before.refused) {
      replays++
      return
    }
    fruitless = before.frames === 0 ? fruitless + 1 : 0
    // a call the server ended after the next one began (the client reconnected during a GOAWAY's grace period) was
    // replaced before its end: the wait is negative; one never ended (still open) is measured from its start
    const ended = before.endedAt !== undefined
    const from = ended ? before.endedAt! : before.startedAt
    const lateByMs = ended ? before.endedLateByMs : 0
    reconnects.push({ watch: call.watch, waitedMs: Math.round((call.startedAt - from) * 10) / 10, lateByMs, dueMs: waitDueMs(fruitless), fruitless, after: before.endedBy ?? 'a call still open' })
  })
  return { reconnects, replays }
}

/** The longest the client may have waited before a reconnect: the measured wait, plus how late the server may have noticed its close. */
export function waitedAtMostMs(r: Reconnect): number {
  return Math.round((r.waitedMs + r.lateByMs) * 10) / 10
}

/** Whether a reconnect surely came before the wait due (the most it may have waited is short of it, beyond the slack). */
export function isEarly(r: Reconnect): boolean {
  return waitedAtMostMs(r) < r.dueMs - waitSlackMs
}
