import { ProcessTree } from '#harness/adapters/stdio/process-tree.ts'
import { StderrTail } from '#harness/adapters/stdio/stderr-tail.ts'

/** What a finished command left: its exit code (128 + n when a signal n ended it), its stdout and the tail of its stderr. */
export interface CommandOutcome {
  exitCode: number
  stdout: string
  stderr: string
  pid: number | undefined
  /** Whether the kit killed it for outliving `killAfterMs`. */
  killed: boolean
}

const signals: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGPIPE: 13, SIGTERM: 15 }

/**
 * Runs a command (argv, no shell) with stdin closed, collects its stdout and the last 64 KiB of its stderr, and kills
 * its whole process group if it outlives `killAfterMs`. Never rejects for the command's own failure; a command that
 * cannot be started resolves with exit code 127 and the reason on stderr.
 */
export function runCommandLine(argv: readonly string[], options: { killAfterMs: number; cwd?: string; env?: NodeJS.ProcessEnv }): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    const tree = ProcessTree.spawn(argv, { cwd: options.cwd, env: options.env })
    const { child } = tree
    const stdout: Buffer[] = []
    const stderr = new StderrTail()
    let killed = false
    child.stdin.end()
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    const timer = setTimeout(() => {
      killed = true
      tree.signal('SIGKILL')
    }, options.killAfterMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      tree.release()
      resolve({ exitCode: 127, stdout: '', stderr: `cannot start ${argv[0]}: ${error.message}`, pid: child.pid, killed: false })
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      tree.signal('SIGKILL') // anything it left in its group
      tree.release()
      const exitCode = code ?? 128 + (signal ? (signals[signal] ?? 0) : 0)
      resolve({ exitCode, stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr.text(), pid: child.pid, killed })
    })
  })
}
