import type { WatchEndCode } from '#harness/servers/session-server/watch-end-codes.ts'

/** One message of a session as the view shows it (cut messages carry `truncatedBytes`), or whole. */
export interface SessionMessage {
  id: string
  role: 'user' | 'assistant' | 'tool'
  text: string
  truncatedBytes?: number
}

/** One frame of a watch: the bounded view at one moment, its cursor, and whether the awaited turn is done. */
export interface SessionFrame {
  cursor: string
  status: 'running' | 'done'
  messages: SessionMessage[]
}

/** How the server answers one `GetSessionMessage` call. */
export type ReadAnswer = 'ok' | 'unavailable' | 'internal' | 'deadline_exceeded' | 'unknown' | 'aborted' | 'canceled' | 'not_found' | 'hang' | 'drop' | 'unimplemented'

/** The error code of a GOAWAY fault: NO_ERROR is a graceful drain; an error code is a connection error. */
export type GoawayCode = 'NO_ERROR' | 'INTERNAL_ERROR' | 'ENHANCE_YOUR_CALM'

/** How the watch stream a GOAWAY covers ends: RST_STREAM with that code, or the connection closing after `graceMs`. */
export type GoawayThen = 'CANCEL' | 'INTERNAL_ERROR' | 'close'

/**
 * A fault the server applies to one watch call, before the frame at `atFrame` (0-based, counted within that call's
 * stream: 0 is before its first frame) or once `atByte` bytes of its body were written (docs/session-protocol.md).
 */
export type WatchFault = {
  /** Which WatchSession call (1-based: 1 is the first, 2 the one after a reconnect…). */
  watch: number
} & ({ atFrame: number } | { atByte: number }) &
  (
    | {
        /** A GOAWAY whose last_stream_id covers the watch (it was processed), then the stream ends as `then` says. */
        kind: 'goaway'
        code: GoawayCode
        /** Default: `CANCEL` after NO_ERROR, `close` after an error code (which allows nothing else). */
        then?: GoawayThen
        /** For `then: close`, how long the connection stays open after the GOAWAY (default 100 ms after NO_ERROR, 0 after an error code). */
        graceMs?: number
      }
    /** The shutdown notice: a GOAWAY with last_stream_id 2^31−1 and NO_ERROR; the stream goes on (the first of the two-step GOAWAY). */
    | { kind: 'goaway-notice' }
    /** The call is refused before anything is processed: GOAWAY below its stream, RST_STREAM REFUSED_STREAM; always before the response. */
    | { kind: 'refuse' }
    /** RST_STREAM after the frames before it (REFUSED_STREAM is no `rst`: it says nothing was processed, RFC 9113 §8.7, so it is a `refuse`). */
    | { kind: 'rst'; code: 'CANCEL' | 'INTERNAL_ERROR' }
    | { kind: 'cut' }
    | { kind: 'no-end' }
    /** The frames before it, then an end-of-stream envelope carrying this Connect error: the call ends, failed (transient codes) or refused for good. */
    | { kind: 'end-error'; code: WatchEndCode }
    | { kind: 'drop' }
    | { kind: 'delay'; ms: number }
  )

/** The fault kinds that do not end the call: the frames after them are still sent. */
export const nonEndingFaults: ReadonlySet<WatchFault['kind']> = new Set(['delay', 'goaway-notice'])

/** Everything the session server serves for one scenario: the session's frames, its whole messages, how reads answer, and the faults. */
export interface SessionScript {
  sessionId: string
  frames: SessionFrame[]
  /** Every message whole, by id (what GetSessionMessage returns). */
  wholeMessages: Record<string, SessionMessage>
  /** The answers of successive GetSessionMessage calls; the last one repeats. */
  reads: ReadAnswer[]
  faults: WatchFault[]
}
