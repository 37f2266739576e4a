import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { endRunProcesses } from '#harness/adapters/stdio/end-run-processes.ts'
import { signalProcess } from '#harness/adapters/stdio/signal-process.ts'
import { procAvailable, type ProcEntry } from '#harness/adapters/stdio/proc-table.ts'
import { processSampler } from '#harness/adapters/stdio/process-sampler.ts'
import { markedEnvironment } from '#harness/adapters/stdio/run-marker.ts'
import { RunProcesses } from '#harness/adapters/stdio/run-processes.ts'

const ownGroup = process.platform !== 'win32'
const liveGroups = new Set<number>()
let exitHookInstalled = false

/**
 * A spawned process and everything it starts (`npx` → `sh` → `node`, say), signalled together. On POSIX the process
 * leads its own process group and a signal goes to the whole group; on Linux, every process it starts is also
 * followed through /proc — by parentage while the run lasts, and by a token in the `CONTRACT_KIT_RUN` environment
 * variable every descendant inherits — so a `setsid` child or a daemon that left the group is signalled and ended too.
 */
export class ProcessTree {
  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    /** The run's token in `CONTRACT_KIT_RUN` (each spawn has its own). */
    readonly token: string,
    private readonly run: RunProcesses | undefined,
  ) {}

  /** Spawns `argv` with piped stdio and no shell, its environment marked with a fresh token. */
  static spawn(argv: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): ProcessTree {
    const { token, env } = markedEnvironment(options.env)
    const child = spawn(argv[0], argv.slice(1), {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      detached: ownGroup,
      windowsHide: true,
    })
    let run: RunProcesses | undefined
    if (child.pid !== undefined) {
      if (ownGroup) liveGroups.add(child.pid)
      if (procAvailable) {
        run = new RunProcesses(child.pid, token)
        processSampler.watch(run)
      }
      installExitHook()
    }
    return new ProcessTree(child, token, run)
  }

  /** Forgets the run once it is known to be gone, so nothing ever signals a reused process id. */
  release(): void {
    if (this.child.pid !== undefined) liveGroups.delete(this.child.pid)
    if (this.run) processSampler.forget(this.run)
  }

  /** Whether the process, or (on POSIX) any process left in its group, is still running. */
  alive(): boolean {
    const pid = this.child.pid
    if (pid === undefined) return false
    if (!ownGroup) return this.child.exitCode === null && this.child.signalCode === null
    try {
      process.kill(-pid, 0)
      return true
    } catch {
      return false
    }
  }

  /** "pid 123 (sleep, a session of its own), …" for a message. */
  describe(entries: readonly ProcEntry[]): string {
    return this.run?.describe(entries) ?? entries.map((entry) => `pid ${entry.pid}`).join(', ')
  }

  /** Sends `signal` to the process, its group, and every other process of the run that /proc shows; what is gone is left alone. */
  signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid
    if (pid === undefined) return
    if (this.alive()) {
      try {
        if (ownGroup) process.kill(-pid, signal)
        else this.child.kill(signal)
      } catch {
        // gone between the check and the signal
      }
    }
    for (const entry of this.run?.find() ?? []) signalProcess(entry, signal)
  }

  /**
   * Ends every process of the run still running (once the spawned one has exited): each one found gets SIGTERM,
   * `graceMs`, then SIGKILL, and whatever is left in the group is killed. Resolves with the ones found.
   */
  async end(graceMs: number): Promise<ProcEntry[]> {
    const pid = this.child.pid
    const found = this.run ? await endRunProcesses(this.run, graceMs) : []
    if (pid !== undefined && ownGroup && this.alive()) {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    return found.filter((entry) => entry.pid !== pid)
  }
}

/** When the kit itself exits, no implementation it started is left running. */
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    for (const run of processSampler.watched()) for (const entry of run.find()) signalProcess(entry, 'SIGKILL')
  })
}
