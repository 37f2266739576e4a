import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'

const ownGroup = process.platform !== 'win32'
const liveGroups = new Set<number>()
let exitHookInstalled = false

/**
 * A spawned process and everything it starts (`npx` → `sh` → `node`, say), signalled together:
 * on POSIX the process leads its own process group and a signal goes to the whole group.
 */
export class ProcessTree {
  private constructor(readonly child: ChildProcessWithoutNullStreams) {}

  /** Spawns `argv` with piped stdio and no shell. */
  static spawn(argv: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): ProcessTree {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      detached: ownGroup,
      windowsHide: true,
    })
    if (ownGroup && child.pid !== undefined) {
      liveGroups.add(child.pid)
      installExitHook()
    }
    return new ProcessTree(child)
  }

  /** Forgets the group once it is known to be gone, so the exit hook never signals a reused process group id. */
  release(): void {
    if (this.child.pid !== undefined) liveGroups.delete(this.child.pid)
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
      liveGroups.delete(pid)
      return false
    }
  }

  /** Sends `signal` to the process and its group; a tree already gone is left alone. */
  signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid
    if (pid === undefined || !this.alive()) return
    try {
      if (ownGroup) process.kill(-pid, signal)
      else this.child.kill(signal)
    } catch {
      // gone between the check and the signal
    }
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
  })
}
