import { ProcessTree } from '#harness/adapters/stdio/process-tree.ts'
import { StderrTail } from '#harness/adapters/stdio/stderr-tail.ts'
import { settlesWithin } from '#harness/adapters/stdio/settles-within.ts'
import { outputLimits } from '#harness/adapters/stdio/output-limits.ts'
import { StreamBudget } from '#harness/adapters/stdio/stream-budget.ts'

/** What a finished command left: its exit code (128 + n when a signal n ended it), its stdout and the tail of its stderr. */
export interface CommandOutcome {
  exitCode: number
  stdout: string
  stderr: string
  pid: number | undefined
  /** Whether the kit killed it for outliving `killAfterMs`. */
  killed: boolean
  /** The output limit it passed, when the kit stopped it for that ("stdout: more than 16 MiB written in one run; the limit is …"), else null. */
  overLimit: string | null
  /** Whether a process it started still held its stdout open `drainMs` after it exited (the kit then stopped reading). */
  stdoutHeld: boolean
  /** The processes it left running after it exited, which the kit stopped ('' when none): "pid 12 (sleep, a session of its own)". */
  leftBehind: string
  /** The token in `CONTRACT_KIT_RUN` that every process of this run carried in its environment. */
  token: string
}

/** How long a command may run, where, and the most of its output the kit reads. */
export interface CommandLineOptions {
  /** Past this, the command and every process it started are killed (`killed`). */
  killAfterMs: number
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** The most stdout read (default 16 MiB); past it the run is stopped (`overLimit`). */
  maxStdoutBytes?: number
  /** The most stderr read (default 64 MiB; the last 64 KiB are kept); past it the run is stopped (`overLimit`). */
  maxStderrBytes?: number
  /** How long, after the command exits, its stdout may stay open before the kit stops what holds it (default 1 000 ms). */
  drainMs?: number
}

const signals: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGTERM: 15 }

/**
 * Runs a command (argv, no shell) with stdin closed, collects its stdout (bounded) and the last 64 KiB of its stderr,
 * and kills it with every process it started if it outlives `killAfterMs` or writes past a limit. It settles on the
 * command's exit plus a bounded drain — never on a stdout some process it started keeps open — and then ends every
 * process of the run still running (its group, `setsid` children, daemons). Never rejects for the command's own
 * failure; a command that cannot be started resolves with exit code 127 and the reason on stderr.
 */
export function runCommandLine(argv: readonly string[], options: CommandLineOptions): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    const tree = ProcessTree.spawn(argv, { cwd: options.cwd, env: options.env })
    const { child } = tree
    const stdout: Buffer[] = []
    const stdoutBudget = new StreamBudget('stdout', options.maxStdoutBytes ?? outputLimits.commandStdoutBytes, 'in one run')
    const stderrBudget = new StreamBudget('stderr', options.maxStderrBytes ?? outputLimits.commandStderrBytes, 'in one run')
    const stderr = new StderrTail(outputLimits.stderrTailBytes)
    const drainMs = options.drainMs ?? 1_000
    let killed = false
    let overLimit: string | null = null
    let settled = false
    const stop = (budget: StreamBudget) => {
      overLimit ??= budget.message()
      tree.signal('SIGKILL')
    }
    child.stdin.on('error', () => {})
    child.stdin.end()
    child.stdout.on('data', (chunk: Buffer) => {
      if (overLimit !== null) return
      if (stdoutBudget.take(chunk.length)) stdout.push(chunk)
      else stop(stdoutBudget)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr.push(chunk)
      if (overLimit === null && !stderrBudget.take(chunk.length)) stop(stderrBudget)
    })
    const closed = new Promise<void>((done) => child.once('close', () => done()))
    const timer = setTimeout(() => {
      killed = true
      tree.signal('SIGKILL')
    }, options.killAfterMs)
    child.once('error', (error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      tree.release()
      resolve({ exitCode: 127, stdout: '', stderr: `cannot start ${argv[0]}: ${error.message}`, pid: child.pid, killed: false, overLimit: null, stdoutHeld: false, leftBehind: '', token: tree.token })
    })
    child.once('exit', async (code, signal) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      const drained = await settlesWithin(closed, drainMs)
      const left = await tree.end(Math.min(drainMs, 500)) // anything it started and left running, in its group or not
      if (!drained && !(await settlesWithin(closed, 100))) {
        child.stdout.destroy()
        child.stderr.destroy()
      }
      tree.release()
      const exitCode = code ?? 128 + (signal ? (signals[signal] ?? 0) : 0)
      const leftBehind = left.length === 0 ? '' : tree.describe(left)
      resolve({ exitCode, stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr.text(), pid: child.pid, killed, overLimit, stdoutHeld: !drained, leftBehind, token: tree.token })
    })
  })
}
