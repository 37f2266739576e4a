import type { WatchFault } from '#harness/servers/session-server/session-script.ts'

/** Why an exchange is gone before the server finished it: the client closed its side, or the server is closing. */
export type GoneReason = 'client-closed' | 'server-closed'

/** The response body of one WatchSession call, as a transport writes it and applies faults to it. */
export interface WatchSink {
  /** Writes bytes; resolves true once they were handed to the transport whole, false if the exchange is gone. */
  write(bytes: Uint8Array): Promise<boolean>
  /**
   * Whether the transport takes more bytes at once (its buffer is not full): the next write may then start before this
   * one resolves, the writes resolving in order. Absent (msw), every write waits for the one before it.
   */
  ready?(): boolean
  /** Waits `ms` milliseconds; resolves false early if the exchange goes meanwhile. */
  wait(ms: number): Promise<boolean>
  /** Ends the body cleanly (after an end-of-stream envelope, or for a `cut` / `no-end` fault). */
  end(): void
  /** Applies an abortive fault to the body written so far; resolves what it put on the wire, in order (empty: the exchange went first). */
  abort(fault: Extract<WatchFault, { kind: 'goaway' | 'rst' | 'drop' }>): Promise<string[]>
  /** Sends the shutdown notice (GOAWAY 2^31−1, NO_ERROR), the body going on after it; resolves what it put on the wire. */
  notice(): Promise<string[]>
  /** Why the exchange is gone, or null while it lives. */
  gone(): GoneReason | null
  /**
   * The earliest moment (`performance.now()`) the client may have closed its side, from when the server noticed it and
   * how late its event loop ran then (see loop-lateness.ts); null while it has not.
   */
  leftSince(): number | null
}

/** One request to the session server as a transport (h2, HTTP/1.1, msw) presents it: the seam the call logic is written against. */
export interface SessionExchange {
  connection: number
  /** The HTTP/2 stream id, or null on HTTP/1.1 and msw. */
  stream: number | null
  method: string
  path: string
  /** The earliest moment (`performance.now()`) the request may have arrived: when the server took it, less how late its loop ran then. */
  arrivedSince: number
  /** The whole request body. */
  body(): Promise<Uint8Array>
  /** Sends a whole unary response. */
  reply(status: number, contentType: string, body: string): void
  /** Starts a 200 streaming response. */
  startStream(contentType: string): WatchSink
  /** Refuses the request before any response: nothing was processed (HTTP/2 REFUSED_STREAM). Returns what it put on the wire. */
  refuse(): string[]
  /** Resolves when the client gives up on the request or the server closes (for a read that hangs). */
  untilGone(): Promise<GoneReason>
  /** Ends the exchange abruptly (the server failed while handling it). */
  destroy(): void
  /** Drops the connection under the request before any answer (the TCP connection destroyed; msw: a network error). */
  dropConnection(): void
}
