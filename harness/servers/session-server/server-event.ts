import type { ReadAnswer, WatchFault } from '#harness/servers/session-server/session-script.ts'

/** Where a fault applied: before a frame (0-based, counted within the call's stream) or at a byte offset of the call's body. */
export type FaultPosition = { frame: number } | { byte: number }

/** How a watch call's response ended: its end-of-stream envelope, a fault, or the other side going away first. */
export type WatchEnd = 'end-stream' | Exclude<WatchFault['kind'], 'delay' | 'goaway-notice'> | 'client-closed' | 'server-closed'

/** What a GetSessionMessage call was answered: a scripted answer, or `not_found` / `invalid_argument` for a bad request. */
export type ReadOutcomeName = ReadAnswer | 'not_found' | 'invalid_argument'

/** One thing the session server did or saw, as plain JSON (every request becomes one or more of these). */
export type ServerEvent =
  /** A connection was accepted (`msw`: one per intercepted request, since msw has no connections). */
  | { type: 'connection'; connection: number; protocol: 'h2' | 'http/1.1' | 'msw' }
  /** A WatchSession call began (`watch` is 1-based across connections; `stream` is the HTTP/2 stream id, else null). */
  | { type: 'watch'; watch: number; connection: number; stream: number | null; cursor: string | null }
  /** A frame's envelope was written whole (`frame` is its index in the script). */
  | { type: 'frame'; watch: number; frame: number; cursor: string }
  /**
   * A scripted fault was applied (`code` for goaway/rst/refuse, `ms` for delay; `offset` is the body byte it applied
   * at; `sent`, what it put on the wire in order: `GOAWAY last_stream_id=1 NO_ERROR`, `RST_STREAM 1 CANCEL`, …).
   */
  | { type: 'fault'; watch: number; kind: WatchFault['kind']; code: string | null; ms: number | null; at: FaultPosition; offset: number; sent: string[] }
  /** An HTTP/2 stream opened above the last_stream_id of a GOAWAY the server sent on its connection: refused, never processed (no call number). */
  | { type: 'refused'; connection: number; stream: number; path: string }
  /**
   * A watch call's response ended (`error` is the Connect code of an end-of-stream envelope that carried one). After
   * `client-closed`, `lateByMs`: the client may have closed up to that long before this event's time (the server only
   * notices a close when its event loop runs, and says how late it ran); after a GOAWAY's grace period whose timer fired
   * late, the call may have ended (the client leaving unseen) up to that long before it.
   */
  | { type: 'end'; watch: number; how: WatchEnd; error: string | null; lateByMs?: number }
  /**
   * A GetSessionMessage call was answered (`hang`: it will not be). `read` is 1-based across connections. `lateByMs`:
   * the request may have arrived up to that long before this event's time (the server handles it when its loop runs).
   */
  | { type: 'read'; read: number; connection: number; messageId: string | null; answer: ReadOutcomeName; lateByMs?: number }
  /** A hung read ended without an answer: the client gave up, or the server was closed under it. */
  | { type: 'read-abandoned'; read: number; messageId: string | null; by: 'client' | 'server-close' }

/** A GetSessionMessage call as the server recorded it: its number, connection, message id and answer. */
export type ServerRead = Extract<ServerEvent, { type: 'read' }>
