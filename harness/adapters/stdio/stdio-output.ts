import { byteSize } from '#harness/adapters/stdio/byte-size.ts'
import { LineSplitter } from '#harness/adapters/stdio/line-splitter.ts'
import { outputLimits } from '#harness/adapters/stdio/output-limits.ts'
import { StreamBudget } from '#harness/adapters/stdio/stream-budget.ts'

/** The most the kit reads of an implementation's output over stdio (each defaults to its `outputLimits` entry). */
export interface StdioOutputLimits {
  /** The longest stdout line. */
  maxLineBytes?: number
  /** Stdout from one request to the next. */
  maxStdoutBytesPerCall?: number
  /** Stdout over one scenario's calls. */
  maxStdoutBytesPerScenario?: number
  /** Stderr from one request to the next, and before the first. */
  maxStderrBytesPerCall?: number
}

/**
 * An implementation's stdout and stderr as the kit reads them over stdio: stdout as complete lines, each stream counted
 * against the limits it reads at most (docs/stdio-protocol.md#limits); past one, it says which, and the kit stops.
 */
export class StdioOutput {
  private readonly splitter: LineSplitter
  private readonly perCall: StreamBudget
  private readonly perScenario: StreamBudget
  private readonly stderrPerCall: StreamBudget

  constructor(limits: StdioOutputLimits = {}) {
    this.splitter = new LineSplitter(limits.maxLineBytes ?? outputLimits.lineBytes)
    this.perCall = new StreamBudget('stdout', limits.maxStdoutBytesPerCall ?? outputLimits.stdoutBytesPerCall, 'from one request to the next')
    this.perScenario = new StreamBudget('stdout', limits.maxStdoutBytesPerScenario ?? outputLimits.stdoutBytesPerScenario, 'in one scenario')
    this.stderrPerCall = new StreamBudget('stderr', limits.maxStderrBytesPerCall ?? outputLimits.stderrBytesPerCall, 'from one request to the next')
  }

  /** A request is sent: the counts from one request to the next start again. */
  nextCall(): void {
    this.perCall.reset()
    this.stderrPerCall.reset()
  }

  /** A scenario begins: the count over its calls starts again. */
  nextScenario(): void {
    this.perScenario.reset()
  }

  /**
   * The complete lines of a stdout chunk, and `over`, the limit it passed (a line too long, or too much stdout), to stop
   * at once after those lines; `during` (" while `x` was waiting for its answer") goes into that message.
   */
  stdout(chunk: Buffer, during: string): { lines: string[]; over?: string } {
    if (!this.perCall.take(chunk.length)) return { lines: [], over: `${this.perCall.message(during)}; the implementation was stopped` }
    if (!this.perScenario.take(chunk.length)) return { lines: [], over: `${this.perScenario.message(during)}; every answer is kept to be judged, and the implementation was stopped` }
    const lines = this.splitter.push(chunk)
    if (!this.splitter.overflowed) return { lines }
    const limit = this.splitter.maxLineBytes
    return { lines, over: `stdout: a line longer than ${byteSize(limit)} without a newline${during}; the limit is ${byteSize(limit)} (${limit} bytes) a line, and the implementation was stopped` }
  }

  /** Counts a stderr chunk: undefined within its limit, else the limit it passed (to stop at once). */
  stderr(chunk: Buffer, during: string): string | undefined {
    return this.stderrPerCall.take(chunk.length) ? undefined : `${this.stderrPerCall.message(during)}; the implementation was stopped`
  }

  /** What stdout holds after its last newline (null when nothing). */
  rest(): string | null {
    return this.splitter.flush()
  }
}
