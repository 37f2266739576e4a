import { performance } from 'node:perf_hooks'
import { fillTemplate } from '#harness/adapters/command-adapter.ts'
import { ProcessTree } from '#harness/adapters/stdio/process-tree.ts'
import { settlesWithin } from '#harness/adapters/stdio/settles-within.ts'
import { StderrTail } from '#harness/adapters/stdio/stderr-tail.ts'
import type { StartupTimes } from '#harness/doctor/judge-startup.ts'
import { printable } from '#harness/doctor/printable.ts'
import { buildSession, type SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import type { SessionClientRequest } from '#harness/ports/session-client-port.ts'
import { sessionClientScenarioSchema } from '#harness/scenario/session-client-scenario-schema.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'

/** How one client start ended: its first request reached the server, or it exited, could not start, or made none in time. */
type StartOutcome = { kind: 'request'; ms: number } | { kind: 'exited'; text: string } | { kind: 'error'; reason: string } | { kind: 'timeout' }

const fix = [
  "Run the command by hand against the kit's session server and read its stderr: the client must connect to {url} and",
  'call WatchSession for {session}. `contract-kit serve session-client --scenario regressions/dep-8516/numbers-1-to-2500`',
  'serves one on loopback and prints its URL and session id.',
].join('\n')

/** A plain known session, as the scenario schema fills in a `given` naming only its reply and a 10 s deadline. */
function plainSession(): SessionGiven {
  const scenario = sessionClientScenarioSchema.parse({ title: 'doctor start-up', port: 'session-client', given: { reply: 'numbers-1-to-2500', timeoutMs: 10_000 } })
  return scenario.given as SessionGiven
}

/** Starts one client and resolves when its first request reaches the server (a `watch` on a connection it opened), or it ends, or `waitMs` passes; then kills it with everything it started. */
async function startOnce(argv: readonly string[], options: { cwd?: string; waitMs: number }, listen: (listener: ((event: ServerEvent) => void) | undefined) => void): Promise<{ outcome: StartOutcome; stderr: string }> {
  const spawnedAt = performance.now()
  let tree: ProcessTree
  try {
    tree = ProcessTree.spawn(argv, { cwd: options.cwd })
  } catch (error) {
    return { outcome: { kind: 'error', reason: error instanceof Error ? error.message : String(error) }, stderr: '' }
  }
  const { child } = tree
  const stderr = new StderrTail()
  child.stdin.on('error', () => {})
  child.stdin.end()
  child.stdout.resume()
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const outcome = await new Promise<StartOutcome>((resolve) => {
    const connections = new Set<number>()
    let settled = false
    const done = (result: StartOutcome): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      listen(undefined)
      resolve(result)
    }
    const timer = setTimeout(() => done({ kind: 'timeout' }), options.waitMs)
    listen((event) => {
      if (event.type === 'connection') connections.add(event.connection)
      else if (event.type === 'watch' && connections.has(event.connection)) done({ kind: 'request', ms: performance.now() - spawnedAt })
    })
    child.once('error', (error) => done({ kind: 'error', reason: error.message }))
    child.once('exit', (code, signal) => done({ kind: 'exited', text: code !== null ? `exited with code ${code}` : `was killed by ${signal}` }))
  })
  if (outcome.kind === 'error') {
    tree.release() // it never ran
    return { outcome, stderr: '' }
  }
  tree.signal('SIGKILL')
  await settlesWithin(exited, 2_000)
  await tree.end(100) // anything it started that left its group
  if (!(await settlesWithin(closed, 1_000))) {
    child.stdout.destroy() // held open by a process that left the group
    child.stderr.destroy()
  }
  tree.release()
  return { outcome, stderr: stderr.text() }
}

/**
 * Starts the kit's session server on loopback with a plain known session, then a session client `starts` times, one
 * after the other, from its template (filled as the command adapter fills it), and times each from spawn to the first
 * request the server records (its first WatchSession call); each client is killed with everything it started once
 * that request arrived, or after `waitMs` (default 10 s). Stops at the first start that made no request, saying why.
 */
export async function measureClientStartup(options: { template: readonly string[]; cwd?: string; starts?: number; waitMs?: number }): Promise<StartupTimes> {
  const starts = options.starts ?? 3
  const waitMs = options.waitMs ?? 10_000
  const given = plainSession()
  const { script, oracle } = buildSession(given)
  let listener: ((event: ServerEvent) => void) | undefined
  const server = await startSessionServer(script, (event) => listener?.(event))
  const timesMs: number[] = []
  try {
    const request: SessionClientRequest = { baseUrl: server.url, sessionId: oracle.watchedSessionId, timeoutMs: given.timeoutMs, tryTimeoutMs: given.tryTimeoutMs, output: given.output }
    const argv = fillTemplate(options.template, request)
    for (let n = 1; n <= starts; n++) {
      const { outcome, stderr } = await startOnce(argv, { cwd: options.cwd, waitMs }, (next) => (listener = next))
      if (outcome.kind === 'request') {
        timesMs.push(outcome.ms)
        continue
      }
      const at = `start ${n} of ${starts}`
      if (outcome.kind === 'error') return { starts, timesMs, problem: `${at}: could not start ${JSON.stringify(argv[0])}: ${outcome.reason}`, problemFix: fix }
      const why = outcome.kind === 'exited' ? `the client ${outcome.text} before any request reached the session server` : `no request reached the session server within ${waitMs} ms`
      const tail = stderr.trimEnd()
      const details = tail === '' ? ['stderr was empty'] : ['last stderr:', ...tail.split('\n').slice(-10).map((line) => printable(line.replace(/\r$/, '')))]
      return { starts, timesMs, problem: `${at}: ${why}`, problemDetails: details, problemFix: fix }
    }
    return { starts, timesMs }
  } finally {
    await server.close()
  }
}
