import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'

/**
 * What each busy process runs: `for(;;){}`, burning one CPU, but looking about every tenth of a second whether its
 * parent (the soak) is still there, so that it ends even when the soak is killed with SIGKILL.
 */
const loop = 'const parent = process.ppid; for (let i = 1; ; i++) if (i % 50000000 === 0 && process.ppid !== parent) process.exit(0)'

/**
 * Starts `count` processes beside the soak's jobs that each burn one CPU until the returned function kills them
 * (SIGKILL); they are killed also when the soak exits, and end themselves when it is gone. Ctrl-C in a terminal
 * reaches them too: they share the soak's process group.
 */
export function startBusyLoops(count: number): () => void {
  const children: ChildProcess[] = []
  const stop = () => {
    process.off('exit', stop)
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  process.on('exit', stop)
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, ['-e', loop], { stdio: 'ignore' })
    child.on('error', () => {}) // it could not start: one CPU less busy, not a reason to stop the soak
    children.push(child)
  }
  return stop
}
