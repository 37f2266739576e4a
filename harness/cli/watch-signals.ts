import type { Interruption, InterruptSignal } from '#harness/runner/interruption.ts'
import { processEntry } from '#harness/runner/descendant-processes.ts'
import type { ProcessEntry } from '#harness/runner/descendant-processes.ts'

/** How often the kit looks whether its parent process is still there. */
const parentCheckMs = 250

/**
 * In a kit npm started, a second signal of the same kind this soon after the first is the same one, twice: Ctrl-C in
 * a terminal signals the whole process group, and npm (npx, an npm script) passes the signal it got on to the kit as
 * well. A person pressing Ctrl-C again to stop at once takes longer.
 */
export const echoMs = 250

/**
 * Makes SIGINT, SIGTERM and SIGHUP interrupt the run (a second one aborts it), and so does the parent going away (the
 * process that started the kit — `npx`, a CI step — ended without passing a signal on), which it treats as SIGTERM.
 * The parent is the nearest ancestor that is not a shell: `npx` starts the kit through `sh -c`, which outlives npx.
 * The parent is watched only when npm started the kit (`npm_command` is set: npx, an npm script). Says so on stderr. Returns a function that stops watching.
 */
export function watchSignals(interruption: Interruption): () => void {
  const signals: InterruptSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP']
  // only a kit started by npm (npx, an npm script) watches its caller: npm can end without passing a signal on, and a
  // kit started directly (a CI step, a shell, `setsid`) is meant to go on as long as nobody signals it
  const detached = process.env.npm_command === undefined
  const say = (text: string) => {
    try {
      process.stderr.write(`${text}\n`)
    } catch {
      // the terminal is gone
    }
  }
  let firstAt = 0
  const on = (signal: InterruptSignal, why = '') => {
    if (!detached && interruption.signal === signal && performance.now() - firstAt < echoMs) return // the same signal, passed on by npm
    if (interruption.signal) {
      say(`contract-kit: ${signal} again: stopping at once, no reports written`)
      return interruption.interrupt(signal)
    }
    say(`contract-kit: interrupted by ${signal}${why ? ` (${why})` : ''}: starting no more runs, ending every process the run started (${signal === 'SIGINT' ? 'Ctrl-C again' : 'the signal again'} stops at once)`)
    firstAt = performance.now()
    interruption.interrupt(signal, why)
  }
  const handlers = signals.map((signal) => [signal, () => on(signal)] as const)
  for (const [signal, handler] of handlers) process.on(signal, handler)
  const parent = process.ppid
  const ancestors = detached ? [] : watchedAncestors()
  // one read of each watched ancestor a tick: gone, another process under its pid, or a zombie
  const ended = (a: ProcessEntry) => {
    const now = processEntry(a.pid)
    return now?.start !== a.start || now.zombie
  }
  const timer = detached
    ? undefined
    : setInterval(() => {
        if (interruption.signal) return clearInterval(timer)
        if (process.ppid === parent && !ancestors.some(ended)) return
        clearInterval(timer)
        on('SIGTERM', 'the parent process is gone')
      }, parentCheckMs)
  timer?.unref()
  return () => {
    clearInterval(timer)
    for (const [signal, handler] of handlers) process.off(signal, handler)
  }
}

/** The kit's parent, and while that is a shell, its parent too (up to three): the processes whose end means the kit's caller is gone. */
function watchedAncestors(): ProcessEntry[] {
  const found: ProcessEntry[] = []
  for (let pid = process.ppid; pid > 1 && found.length < 3; ) {
    const entry = processEntry(pid)
    if (!entry) break
    found.push(entry)
    if (!/^(sh|bash|dash|zsh|ash|ksh)$/.test(entry.name)) break
    pid = entry.ppid
  }
  return found
}
