import { performance } from 'node:perf_hooks'
import { settlesWithin } from '#harness/adapters/stdio/settles-within.ts'
import { StringDecoder } from 'node:string_decoder'
import { LineSplitter } from '#harness/adapters/stdio/line-splitter.ts'
import { parseJsonRpcResponse, type JsonRpcErrorObject } from '#harness/adapters/stdio/json-rpc-response.ts'
import { ProcessTree } from '#harness/adapters/stdio/process-tree.ts'
import { StderrTail } from '#harness/adapters/stdio/stderr-tail.ts'

/** Where a probe is in its life: stray output and stderr are counted against the phase they arrive in. */
export type ProbePhase = 'start-up' | 'idle' | 'calls' | 'shutdown'

/** A stdout line that is not the answer to the request in flight. */
export interface StrayLine {
  /** Its number among all stdout lines, from 1 (blank lines count). */
  lineNumber: number
  /** Its text, cut to 500 characters. */
  text: string
  /** Why it is not an answer, in a few words. */
  problem: string
  /** When it came, e.g. "before the initialize answer", "during `pager.read`", "between calls". */
  when: string
}

/** How much was written to stderr during one phase. */
export interface StderrVolume {
  bytes: number
  lines: number
}

/** How the process ended: its exit code, or the signal that killed it. */
export interface ExitStatus {
  code: number | null
  signal: NodeJS.Signals | null
  /** "exited with code 0", "was killed by SIGTERM". */
  text: string
  /** Milliseconds since the process was started. */
  atMs: number
}

/** What came of one request: an answer (result or JSON-RPC error), no answer in time, or the process ending first. */
export type ProbeAnswer =
  | { kind: 'answer'; ms: number; outcome: { ok: true; result: unknown } | { ok: false; error: JsonRpcErrorObject } }
  | { kind: 'timeout'; ms: number }
  | { kind: 'exited'; ms: number; status: string }

interface InFlight {
  id: number
  method: string
  settle: (answer: ProbeAnswer) => void
  startedAt: number
}

const maxStrays = 20
const maxLineBytes = 16 * 1024 * 1024
const phases: ProbePhase[] = ['start-up', 'idle', 'calls', 'shutdown']

/**
 * A raw, fault-tolerant look at an implementation over stdio: it keeps going after stray stdout lines (numbering
 * them), counts stderr per phase, times each request, and never waits without a bound. Always `dispose()` it.
 */
export class ProbeProcess {
  /** The phase output is counted against; the caller moves it along. */
  phase: ProbePhase = 'start-up'
  /** The first stray stdout lines (at most 20). */
  readonly strays: StrayLine[] = []
  /** How many stray stdout lines there were in all. */
  strayCount = 0
  /** How many lines stdout carried, blank ones included. */
  stdoutLines = 0
  /** The first line written to stderr (cut to 500 characters), for quoting. */
  firstStderrLine: string | null = null
  /** How the process ended, once it has. */
  exit: ExitStatus | null = null

  private readonly splitter = new LineSplitter()
  private readonly tail = new StderrTail()
  private readonly volumes = new Map<ProbePhase, StderrVolume>(phases.map((phase) => [phase, { bytes: 0, lines: 0 }]))
  private readonly startedAt = performance.now()
  private readonly exited: Promise<void>
  private readonly closed: Promise<void>
  private readonly timedOut = new Map<number, string>()
  private stderrMidLine = false
  private readonly firstLineDecoder = new StringDecoder('utf8')
  private firstLinePart = ''
  private stdoutIgnored = false
  private inFlight: InFlight | null = null
  private lastId = 0

  private constructor(private readonly tree: ProcessTree) {
    const child = tree.child
    child.on('error', () => {}) // a failed signal or write: the exit (or a timeout) tells the story
    child.stdin.on('error', () => {})
    child.stdout.on('data', (chunk: Buffer) => this.onStdout(chunk))
    child.stderr.on('data', (chunk: Buffer) => this.onStderr(chunk))
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        const text = code !== null ? `exited with code ${code}` : `was killed by ${signal}`
        this.exit = { code, signal, text, atMs: performance.now() - this.startedAt }
        resolve()
      })
    })
    this.closed = new Promise((resolve) => child.once('close', () => resolve()))
    void this.closed.then(() => this.onClosed())
  }

  /** Spawns `command` (no shell, in its own process group); resolves with the probe, or with the system's reason it could not start. */
  static start(options: { command: readonly string[]; cwd?: string; env?: NodeJS.ProcessEnv }): Promise<{ ok: true; probe: ProbeProcess } | { ok: false; reason: string }> {
    if (options.command.length === 0 || options.command[0] === '') return Promise.resolve({ ok: false, reason: 'the command is empty' })
    let tree: ProcessTree
    try {
      tree = ProcessTree.spawn(options.command, { cwd: options.cwd, env: options.env })
    } catch (error) {
      return Promise.resolve({ ok: false, reason: error instanceof Error ? error.message : String(error) })
    }
    return new Promise((resolve) => {
      tree.child.once('error', (error) => resolve({ ok: false, reason: error.message }))
      tree.child.once('spawn', () => resolve({ ok: true, probe: new ProbeProcess(tree) }))
    })
  }

  /** Milliseconds since the process was started. */
  elapsedMs(): number {
    return performance.now() - this.startedAt
  }

  /** What was written to stderr during each phase. */
  stderrVolumes(): Record<ProbePhase, StderrVolume> {
    const volume = (phase: ProbePhase): StderrVolume => ({ ...this.volumes.get(phase)! })
    return { 'start-up': volume('start-up'), idle: volume('idle'), calls: volume('calls'), shutdown: volume('shutdown') }
  }

  /** The last `maxChars` characters of stderr (bounded), for quoting in a diagnosis. */
  stderrTail(maxChars = 1_000): string {
    return this.tail.last(maxChars)
  }

  /** Sends one request and waits at most `timeoutMs` for the answer with its id; never rejects. */
  call(method: string, params: unknown, timeoutMs: number): Promise<ProbeAnswer> {
    if (this.exit) return Promise.resolve({ kind: 'exited', ms: 0, status: this.exit.text })
    const id = ++this.lastId
    const startedAt = performance.now()
    return new Promise<ProbeAnswer>((resolve) => {
      const timer = setTimeout(() => {
        this.timedOut.set(id, method)
        settle({ kind: 'timeout', ms: performance.now() - startedAt })
      }, timeoutMs)
      const settle = (answer: ProbeAnswer): void => {
        clearTimeout(timer)
        if (this.inFlight?.id === id) this.inFlight = null
        resolve(answer)
      }
      this.inFlight = { id, method, settle, startedAt }
      this.tree.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
    })
  }

  /** Watches for `ms` milliseconds (an idle window), or until the process is gone. */
  async watch(ms: number): Promise<void> {
    await settlesWithin(this.exited, ms)
  }

  /** Closes the process's stdin: end of input, the protocol's way to ask it to exit. */
  endStdin(): void {
    this.tree.child.stdin.end()
  }

  /** Sends `signal` to the process group (if anything in it still runs). */
  signal(signal: NodeJS.Signals): void {
    this.tree.signal(signal)
  }

  /** Waits at most `ms` for the process to exit; true if it has. */
  waitForExit(ms: number): Promise<boolean> {
    return settlesWithin(this.exited, ms)
  }

  /** Kills whatever is left of the process group and waits (bounded) until its streams are closed. */
  async dispose(): Promise<void> {
    this.tree.signal('SIGKILL')
    await settlesWithin(this.exited, 2_000)
    this.tree.signal('SIGKILL') // anything it started and left behind in its group
    if (!(await settlesWithin(this.closed, 1_000))) {
      this.tree.child.stdout.destroy() // held open by a process that left the group
      this.tree.child.stderr.destroy()
      this.onClosed()
    }
    this.tree.release()
  }

  private onStdout(chunk: Buffer): void {
    if (this.stdoutIgnored) return
    for (const line of this.splitter.push(chunk)) this.onLine(line)
    if (this.splitter.bufferedBytes > maxLineBytes) {
      this.stdoutLines += 1
      this.addStray(this.splitter.flush()!.slice(0, 500), `an unfinished line already longer than ${maxLineBytes} bytes; doctor stopped reading stdout`)
      this.stdoutIgnored = true
    }
  }

  private onLine(line: string): void {
    this.stdoutLines += 1
    if (line.trim() === '') return
    const parsed = parseJsonRpcResponse(line)
    if (!parsed.ok) return this.addStray(line, parsed.problem)
    const { id } = parsed.response
    const call = this.inFlight
    if (call && id === call.id) {
      const { response } = parsed
      const outcome = 'result' in response ? { ok: true as const, result: response.result } : { ok: false as const, error: response.error }
      return call.settle({ kind: 'answer', ms: performance.now() - call.startedAt, outcome })
    }
    const late = typeof id === 'number' ? this.timedOut.get(id) : undefined
    if (late !== undefined) return this.addStray(line, `a late answer to id ${id} (\`${late}\`), after doctor stopped waiting`)
    const expected = call ? `the request in flight has id ${call.id}` : 'no request was in flight'
    this.addStray(line, `a response with id ${JSON.stringify(id)}, but ${expected}`)
  }

  private addStray(text: string, problem: string): void {
    this.strayCount += 1
    if (this.strays.length < maxStrays) this.strays.push({ lineNumber: this.stdoutLines, text: text.slice(0, 500), problem, when: this.when() })
  }

  private when(): string {
    const call = this.inFlight
    if (this.phase === 'start-up') return call ? 'before the initialize answer' : 'at start-up'
    if (this.phase === 'idle') return 'after the handshake, while idle'
    if (this.phase === 'shutdown') return 'after stdin was closed'
    return call ? `during \`${call.method}\`` : 'between calls'
  }

  private onStderr(chunk: Buffer): void {
    this.tail.push(chunk)
    const volume = this.volumes.get(this.phase)!
    volume.bytes += chunk.length
    let newlines = 0
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) newlines += 1
    volume.lines += newlines
    if (chunk.length > 0) this.stderrMidLine = chunk[chunk.length - 1] !== 0x0a
    if (this.firstStderrLine === null) {
      const text = this.firstLineDecoder.write(chunk)
      const end = text.indexOf('\n')
      this.firstLinePart += end === -1 ? text : text.slice(0, end)
      if (end !== -1 || this.firstLinePart.length >= 500) this.firstStderrLine = this.firstLinePart.slice(0, 500).replace(/\r$/, '')
    }
  }

  private onClosed(): void {
    if (this.stderrMidLine) {
      this.volumes.get(this.phase)!.lines += 1
      this.stderrMidLine = false
      if (this.firstStderrLine === null) this.firstStderrLine = this.firstLinePart.slice(0, 500)
    }
    const rest = this.stdoutIgnored ? null : this.splitter.flush()
    if (rest !== null && rest.trim() !== '') {
      this.stdoutLines += 1
      this.addStray(rest, 'an unfinished line (no newline) left when stdout closed')
    }
    this.stdoutIgnored = true
    const call = this.inFlight
    if (call) call.settle({ kind: 'exited', ms: performance.now() - call.startedAt, status: this.exit?.text ?? 'closed its stdout' })
  }

}
