import { execFileSync } from 'node:child_process'

let found: string | undefined

/**
 * Test helper: the interpreter `python3` on PATH runs, by its own path (its `sys.executable`), asked once per test
 * file; `python3` itself where that cannot be learnt. A test that starts the Python example for every case starts that
 * interpreter directly: where `python3` on PATH is a version manager's shim (pyenv's is a bash script that runs two
 * more), each start paid about 0.5 s of CPU and a second on a busy machine before Python itself began.
 */
export function pythonInterpreter(): string {
  found ??= askPython()
  return found
}

function askPython(): string {
  try {
    const path = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    return path.startsWith('/') ? path : 'python3'
  } catch {
    return 'python3' // no python3: the test says so when it starts it
  }
}
