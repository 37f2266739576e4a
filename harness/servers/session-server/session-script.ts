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
export type ReadAnswer = 'ok' | 'unavailable' | 'internal' | 'hang' | 'unimplemented'

/** A fault the server applies to one watch call, before the frame at `atFrame` (0-based, within that call's stream) or at a byte offset of its body. */
export type WatchFault = {
  /** Which WatchSession call (1-based: 1 is the first, 2 the one after a reconnect…). */
  watch: number
} & ({ atFrame: number } | { atByte: number }) &
  (
    | { kind: 'goaway'; code: 'NO_ERROR' | 'INTERNAL_ERROR' | 'ENHANCE_YOUR_CALM' }
    | { kind: 'rst'; code: 'CANCEL' | 'INTERNAL_ERROR' | 'REFUSED_STREAM' }
    | { kind: 'cut' }
    | { kind: 'no-end' }
    | { kind: 'drop' }
    | { kind: 'delay'; ms: number }
  )

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
