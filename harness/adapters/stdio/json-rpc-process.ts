import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { settlesWithin } from '#harness/adapters/stdio/settles-within.ts'
import { excerpt } from '#harness/adapters/stdio/excerpt.ts'
import { parseJsonRpcResponse, type JsonRpcErrorObject } from '#harness/adapters/stdio/json-rpc-response.ts'
import type { ProcessTree } from '#harness/adapters/stdio/process-tree.ts'
import { spawnedTree } from '#harness/adapters/stdio/spawned-tree.ts'
import { StderrTail } from '#harness/adapters/stdio/stderr-tail.ts'
import { outputLimits } from '#harness/adapters/stdio/output-limits.ts'
import { StdioOutput } from '#harness/adapters/stdio/stdio-output.ts'
import type { StdioOutputLimits } from '#harness/adapters/stdio/stdio-output.ts'
import type { ProcEntry } from '#harness/adapters/stdio/proc-table.ts'

/** How to start an implementation and how long to wait for it. */
export interface JsonRpcProcessOptions extends StdioOutputLimits {
  /** The program and its arguments; no shell is involved. */
  command: readonly string[]
  /** The working folder (default: the kit's). */
  cwd?: string
  /** The whole environment of the process (default: the kit's). */
  env?: NodeJS.ProcessEnv
  /** How long a call may wait for its answer (default 10 000 ms). */
  timeoutMs?: number
  /** How long `close()` waits after ending stdin, and again after SIGTERM, before the next step (default 2 000 ms). */
  closeGraceMs?: number
  /** How much of stderr is kept (default 64 KiB, the most recent). */
  stderrLimitBytes?: number
}

/** What a call came back with: its result, or the JSON-RPC error the implementation answered. */
export type JsonRpcOutcome = { ok: true; result: unknown } | { ok: false; error: JsonRpcErrorObject }

interface InFlight {
  id: number
  method: string
  timeoutMs: number
  resolve: (outcome: JsonRpcOutcome) => void
  reject: (error: AdapterError) => void
  timer: NodeJS.Timeout
}

/** A child process spoken to in newline-delimited JSON-RPC 2.0 over stdin/stdout, one request at a time. */
export class JsonRpcProcess {
  private readonly output: StdioOutput
  private readonly tail: StderrTail
  private readonly timeoutMs: number
  private readonly graceMs: number
  /** How long, after the process exits, the kit waits for its stdout to close (a process it started may hold it). */
  private readonly drainMs: number
  private readonly exited: Promise<void>
  private readonly streamsClosed: Promise<void>
  private lastId = 0
  private queue: Promise<unknown> = Promise.resolve()
  private inFlight: InFlight | null = null
  private failure: AdapterError | null = null
  private exitStatus: string | null = null
  private stopping: Promise<void> | null = null
  private closedByKit = false
  private ending: Promise<ProcEntry[]> | null = null
  private left: ProcEntry[] = []

  private constructor(
    private readonly tree: ProcessTree,
    readonly command: readonly string[],
    options: JsonRpcProcessOptions,
  ) {
    this.tail = new StderrTail(options.stderrLimitBytes ?? outputLimits.stderrTailBytes)
    this.output = new StdioOutput(options)
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.graceMs = options.closeGraceMs ?? 2_000
    this.drainMs = Math.min(this.graceMs, 1_000)
    const child = tree.child
    child.stdin.on('error', () => {}) // a write to a process that is gone: its exit is reported instead
    child.stdout.on('data', (chunk: Buffer) => this.onStdout(chunk))
    child.stderr.on('data', (chunk: Buffer) => this.onStderr(chunk))
    this.streamsClosed = new Promise((resolve) => child.once('close', () => resolve()))
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitStatus = code !== null ? `exited with code ${code}` : `was killed by ${signal}`
        resolve()
        void this.onExit()
      })
    })
  }

  /** Spawns the implementation; rejects with AdapterError('spawn') if it cannot be started. */
  static async start(options: JsonRpcProcessOptions): Promise<JsonRpcProcess> {
    const tree = await spawnedTree(options.command, { cwd: options.cwd, env: options.env }, 'an implementation')
    return new JsonRpcProcess(tree, options.command, options)
  }

  /** The process id of the implementation (or of the launcher that leads its process group). */
  get pid(): number | undefined {
    return this.tree.child.pid
  }

  /** The token in `CONTRACT_KIT_RUN` that every process of this implementation carries in its environment. */
  get runToken(): string {
    return this.tree.token
  }

  /** The processes the implementation left running after it exited, which the kit stopped ('' when none), e.g. "pid 12 (sleep, a session of its own)". */
  leftBehind(): string {
    return this.left.length === 0 ? '' : this.tree.describe(this.left)
  }

  /** What the implementation wrote to stderr so far (the most recent part, bounded). */
  stderr(): string {
    return this.tail.text()
  }

  /**
   * Sends one request and waits for its answer; calls made while one is in flight wait their turn.
   * Resolves with the result or the JSON-RPC error answered; rejects with an AdapterError when the
   * answer is unreadable ('protocol'), late ('timeout') or never comes because the process ended ('crashed').
   */
  call(method: string, params?: unknown, timeoutMs = this.timeoutMs): Promise<JsonRpcOutcome> {
    const turn = this.queue.then(() => this.send(method, params, timeoutMs))
    this.queue = turn.catch(() => {})
    return turn
  }

  /** A scenario starts: the stdout read over its calls is counted from here. */
  beginScenario(): void {
    this.output.nextScenario()
  }

  /** Ends stdin, then escalates to SIGTERM and SIGKILL after a grace each; resolves once the process is gone. */
  close(): Promise<void> {
    this.closedByKit = true
    this.fail(this.error('crashed', `the connection was closed by the kit${this.waiting()}`))
    return this.stop(true)
  }

  private send(method: string, params: unknown, timeoutMs: number): Promise<JsonRpcOutcome> {
    if (this.failure) {
      const { failure, message } = this.failure
      return Promise.reject(this.error(failure, `cannot call \`${method}\`, the connection is unusable: ${message}`))
    }
    const id = ++this.lastId
    const line = `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n` // throws before anything is in flight
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.onTimeout(), timeoutMs)
      this.inFlight = { id, method, timeoutMs, resolve, reject, timer }
      this.output.nextCall()
      this.tree.child.stdin.write(line)
    })
  }

  private onStdout(chunk: Buffer): void {
    if (this.failure) return // nothing more is read: the process is being stopped
    const { lines, over } = this.output.stdout(chunk, this.waiting())
    for (const line of lines) {
      this.onLine(line)
      if (this.failure) return
    }
    if (over) this.breakWith('protocol', over)
  }

  private onStderr(chunk: Buffer): void {
    this.tail.push(chunk) // bounded: only the end is kept
    if (this.failure) return
    const over = this.output.stderr(chunk, this.waiting())
    if (over) this.breakWith('protocol', over)
  }

  private onLine(line: string): void {
    if (line.trim() === '') return
    const parsed = parseJsonRpcResponse(line)
    if (!parsed.ok) {
      return this.breakWith(
        'protocol',
        `the implementation wrote a line on stdout that is not a JSON-RPC 2.0 response (${parsed.problem})${this.waiting()}: ` +
          `${excerpt(line)}. Stdout carries protocol messages only: the implementation must write its logs to stderr.`,
      )
    }
    const { response } = parsed
    const call = this.inFlight
    if (!call || response.id !== call.id) {
      const expected = call ? `the request in flight has id ${call.id} (\`${call.method}\`)` : 'no request is in flight'
      return this.breakWith('protocol', `the implementation answered id ${JSON.stringify(response.id)} but ${expected}: ${excerpt(line)}`)
    }
    this.inFlight = null
    clearTimeout(call.timer)
    call.resolve('result' in response ? { ok: true, result: response.result } : { ok: false, error: response.error })
  }

  private onTimeout(): void {
    const call = this.inFlight
    if (!call) return
    if (this.exitStatus !== null) return // it is gone: onExit reports it within the drain
    this.breakWith(
      'timeout',
      `\`${call.method}\` got no answer within ${call.timeoutMs} ms; the implementation was stopped, since its state is unknown`,
    )
  }

  /**
   * The process exited on its own: read what is left of its stdout (for at most the drain: a process it started may
   * hold it open), end every process it left running, and report the exit.
   */
  private async onExit(): Promise<void> {
    if (this.stopping) return // the kit stopped it: escalate() ends the rest
    const drained = await settlesWithin(this.streamsClosed, this.drainMs)
    const left = await this.endRest()
    if (!drained && !(await settlesWithin(this.streamsClosed, 100))) {
      this.tree.child.stdout.destroy()
      this.tree.child.stderr.destroy()
    }
    if (this.closedByKit || (this.failure && !this.inFlight)) return
    const rest = this.output.rest()
    const unfinished = rest === null || rest.trim() === '' ? '' : `; its stdout ended with an unfinished line ${excerpt(rest)}`
    const during = this.inFlight ? ` while \`${this.inFlight.method}\` was waiting for its answer` : ' between calls'
    const held = drained ? '' : `; a process it started still held its stdout open ${this.drainMs} ms later`
    const leftNote = left.length === 0 ? '' : `; it left ${left.length} process${left.length === 1 ? '' : 'es'} running, which the kit stopped: ${this.tree.describe(left)}`
    const stderr = this.tail.last(2_000)
    const shown = stderr.trim() === '' ? '(stderr was empty)' : `last stderr:\n${stderr}`
    this.breakWith('crashed', `the implementation ${this.exitStatus}${during}${unfinished}${held}${leftNote}\n${shown}`)
  }

  /** Ends every process of the run still running once the spawned one is gone (SIGTERM, a short grace, SIGKILL); once. */
  private endRest(): Promise<ProcEntry[]> {
    this.ending ??= this.tree.end(Math.min(this.graceMs, 500)).then((found) => (this.left = found))
    return this.ending
  }

  private waiting(): string {
    return this.inFlight ? ` while \`${this.inFlight.method}\` was waiting for its answer` : ''
  }

  /** Marks the connection broken, fails the call in flight and stops the process (its state is unknown). */
  private breakWith(failure: AdapterError['failure'], message: string): void {
    this.fail(this.error(failure, message))
    void this.stop(false)
  }

  private fail(error: AdapterError): void {
    this.failure ??= error
    const call = this.inFlight
    this.inFlight = null
    if (!call) return
    clearTimeout(call.timer)
    call.reject(error)
  }

  private error(failure: AdapterError['failure'], message: string): AdapterError {
    return new AdapterError(failure, message, this.tail.text())
  }

  private stop(gentle: boolean): Promise<void> {
    this.stopping ??= this.escalate(gentle)
    return this.stopping
  }

  private async escalate(gentle: boolean): Promise<void> {
    const child = this.tree.child
    child.stdin.end() // end of input: the polite way to ask an implementation to exit
    if (!(gentle && (await settlesWithin(this.exited, this.graceMs)))) {
      this.tree.signal('SIGTERM')
      if (!(await settlesWithin(this.exited, this.graceMs))) {
        this.tree.signal('SIGKILL')
        await this.exited
      }
    }
    await this.endRest() // anything it started and left running, in its group or not
    if (!(await settlesWithin(this.streamsClosed, this.graceMs))) {
      child.stdout.destroy() // held open by a process the kit could not find (no /proc)
      child.stderr.destroy()
    }
    this.tree.release()
  }
}
