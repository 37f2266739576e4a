const mebibyte = 1024 * 1024

/**
 * The most the kit reads from an implementation's stdout and stderr (docs/stdio-protocol.md#limits,
 * docs/session-client-port.md#limits-and-processes-command-adapter): past one, the implementation is stopped and the run is an adapter error.
 */
export const outputLimits = {
  /** stdio: the longest stdout line, i.e. one response, with or without its newline; HTTP: the longest response body. */
  lineBytes: 16 * mebibyte,
  /** stdio: stdout from one request to the next (the answer and any blank lines). */
  stdoutBytesPerCall: 32 * mebibyte,
  /**
   * stdio: stdout over one scenario's calls (HTTP: the response bodies): every answer is kept in the scenario's History to be judged, so this bounds
   * the History (parsed, about 2.5 times as much heap).
   */
  stdoutBytesPerScenario: 64 * mebibyte,
  /** stdio: stderr from one request to the next (and before the first). */
  stderrBytesPerCall: 64 * mebibyte,
  /** command: a run's whole stdout. */
  commandStdoutBytes: 16 * mebibyte,
  /** command: a run's whole stderr. */
  commandStderrBytes: 64 * mebibyte,
  /** stdio and command: the end of stderr kept for reports and error messages. */
  stderrTailBytes: 64 * 1024,
} as const
