import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { LineSplitter } from '#harness/adapters/stdio/line-splitter.ts'
import { outputLimits } from '#harness/adapters/stdio/output-limits.ts'
import type { ProcessTree } from '#harness/adapters/stdio/process-tree.ts'
import { spawnedTree } from '#harness/adapters/stdio/spawned-tree.ts'
import { settlesWithin } from '#harness/adapters/stdio/settles-within.ts'
import { StderrTail } from '#harness/adapters/stdio/stderr-tail.ts'

/** How to start a service the kit then reaches over HTTP. */
export interface ServiceProcessOptions {
  /** The program and its arguments; no shell is involved. */
  command: readonly string[]
  /** The working folder (default: the kit's). */
  cwd?: string
  /** The whole environment of the process (default: the kit's). */
  env?: NodeJS.ProcessEnv
  /** How long `close()` waits after SIGTERM before SIGKILL (default 2 000 ms). */
  closeGraceMs?: number
}

/**
 * A service the kit started (docs/http-protocol.md#a-service-the-kit-starts): its process tree owned as over stdio
 * (ProcessTree: its group and every process it starts, ended with it), its stderr kept, its stdout read for its
 * first line only (where it may print its URL) and drained after.
 */
export class ServiceProcess {
  /** Resolves once the spawned process has exited (its status in `exitStatus`). */
  readonly exited: Promise<void>
  /** `exited with code 1` or `was killed by SIGKILL`, once it has exited; else null. */
  exitStatus: string | null = null
  private readonly tail = new StderrTail(outputLimits.stderrTailBytes)
  private readonly lines = new LineSplitter(64 * 1024)
  private readonly firstLine: Promise<string | null>
  private readonly streamsClosed: Promise<void>
  private readonly graceMs: number
  private stopping: Promise<void> | null = null

  private constructor(
    private readonly tree: ProcessTree,
    readonly command: readonly string[],
    options: ServiceProcessOptions,
  ) {
    this.graceMs = options.closeGraceMs ?? 2_000
    const child = tree.child
    child.stdin.on('error', () => {})
    child.stderr.on('data', (chunk: Buffer) => this.tail.push(chunk))
    this.streamsClosed = new Promise((resolve) => child.once('close', () => resolve()))
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitStatus = code !== null ? `exited with code ${code}` : `was killed by ${signal}`
        resolve()
      })
    })
    this.firstLine = new Promise((resolve) => {
      let seen = false
      child.stdout.on('data', (chunk: Buffer) => {
        if (seen) return // drained: only the first line is read
        const [line] = this.lines.push(chunk)
        if (line !== undefined) {
          seen = true
          resolve(line)
        }
      })
      child.stdout.once('close', () => resolve(null))
    })
  }

  /** Spawns the service; rejects with AdapterError('spawn') if it cannot be started. */
  static async start(options: ServiceProcessOptions): Promise<ServiceProcess> {
    const tree = await spawnedTree(options.command, { cwd: options.cwd, env: options.env }, 'a service')
    return new ServiceProcess(tree, options.command, options)
  }

  /** The process id of the service (the leader of its process group). */
  get pid(): number | undefined {
    return this.tree.child.pid
  }

  /** What the service wrote to stderr so far (the most recent part, bounded). */
  stderr(): string {
    return this.tail.text()
  }

  /** The end of its stderr for a message: `last stderr:` and the text, or `(stderr was empty)`. */
  stderrNote(): string {
    const stderr = this.tail.last(2_000)
    return stderr.trim() === '' ? '(stderr was empty)' : `last stderr:\n${stderr}`
  }

  /** Its first stdout line, without the newline; null if stdout closed before one was complete. */
  stdoutFirstLine(): Promise<string | null> {
    return this.firstLine
  }

  /** SIGTERM to the tree, SIGKILL after the grace, then every process it left is ended; resolves once all are gone. Once. */
  close(): Promise<void> {
    this.stopping ??= this.stop()
    return this.stopping
  }

  private async stop(): Promise<void> {
    const child = this.tree.child
    child.stdin.end()
    if (this.exitStatus === null) this.tree.signal('SIGTERM')
    if (!(await settlesWithin(this.exited, this.graceMs))) {
      this.tree.signal('SIGKILL')
      await this.exited
    }
    await this.tree.end(Math.min(this.graceMs, 500))
    if (!(await settlesWithin(this.streamsClosed, Math.min(this.graceMs, 1_000)))) {
      child.stdout.destroy()
      child.stderr.destroy()
    }
    this.tree.release()
  }
}
