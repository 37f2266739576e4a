/** What the kit hands a session client: where its server is, which session to watch, the deadline, and the output form. */
export interface SessionClientRequest {
  /** The server's base URL, `http://127.0.0.1:<port>` (h2c and HTTP/1.1). */
  baseUrl: string
  sessionId: string
  /** The client's whole deadline (its `--timeout`), in milliseconds. */
  timeoutMs: number
  /** The limit of each try of a whole-message read (the report's 30 s, scaled), in milliseconds. */
  tryTimeoutMs: number
  /** `json`: one JSON object `{ sessionId, status, reply, replyCut }`; `text`: the transcript. */
  output: 'json' | 'text'
}

/** What a client run left behind: its exit code, stdout and stderr. */
export interface SessionClientResult {
  exitCode: number
  stdout: string
  stderr: string
}

/** The session-client port: watch a session until its turn settles and print the reply (docs/session-client-port.md). */
export interface SessionClientPort {
  /** Runs the client once against the kit's server; never rejects for the client's own failure (that is an exit code). */
  run(request: SessionClientRequest): Promise<SessionClientResult>
}
