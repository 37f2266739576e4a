import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { packageRoot } from '#harness/package/package-root.ts'

/** How a kit run's process ended, and its summary line (`contract-kit: N runs: …`), else its last line of output. */
export interface KitRunEnd {
  exit: number | null
  signal?: string
  lastLine?: string
}

/**
 * Starts `node bin/contract-kit.js <args>` (the compiled kit) in a process group of its own, so that only the caller
 * signals it (once), and keeps of its output only its summary line and its last line; whatever it left in its group
 * is killed once it ends.
 */
export function startKitRun(args: readonly string[]): { child: ChildProcess; ended: Promise<KitRunEnd> } {
  const child = spawn(process.execPath, [join(packageRoot, 'bin/contract-kit.js'), ...args], {
    cwd: packageRoot,
    env: { ...process.env, NO_COLOR: '1', CONTRACT_KIT_FROM_SOURCE: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let summary: string | undefined
  let last: string | undefined
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      const text = line.trim()
      if (text === '') return
      if (/^contract-kit: \d+ runs/.test(text)) summary = text
      last = text
    })
  }
  const ended = new Promise<KitRunEnd>((done) => {
    const end = (exit: number | null, signal: string | null) => done({ exit, ...(signal ? { signal } : {}), ...(summary ?? last ? { lastLine: summary ?? last } : {}) })
    child.on('error', (error) => {
      last = `could not start: ${error.message}`
      end(null, null)
    })
    child.on('close', end)
    // a process the kit left holding its output open must not hold the caller: 2 s after the exit, it is over
    child.on('exit', (code, signal) => setTimeout(() => end(code, signal), 2_000).unref())
  })
  void ended.then(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // nothing left
    }
  })
  return { child, ended }
}

/** A kit run's results.json parsed, or undefined when it wrote none (or one `valid` does not accept). */
export function readKitResults<R>(out: string, valid: (value: R) => boolean): R | undefined {
  try {
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as R
    return valid(results) ? results : undefined
  } catch {
    return undefined
  }
}
