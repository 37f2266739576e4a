import { connect } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { CheckResult } from '#harness/doctor/diagnosis.ts'

const notUpFix =
  'doctor does not start an http: service: start it first, then check the URL\'s host and port are where it listens\n' +
  '(a service bound to 127.0.0.1 is not reachable through another address; one in a container needs its port published).'

/** The host and port a URL's connection goes to: its port, or the scheme's (80, 443); an IPv6 host without its brackets. */
function endpoint(url: URL): { host: string; port: number } {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  return { host, port: url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 }
}

/**
 * Whether a service's URL takes a TCP connection within `timeoutMs`, and how long connecting took; the connection is
 * closed at once, nothing is sent. Refused, unresolvable or silent: a failing `reachable` check naming the URL.
 */
export async function checkReachable(url: string, timeoutMs: number): Promise<CheckResult> {
  const { host, port } = endpoint(new URL(url))
  const where = `${host}:${port}`
  const startedAt = performance.now()
  const outcome = await new Promise<{ ok: true } | { ok: false; error: NodeJS.ErrnoException } | { ok: false; timeout: true }>((resolve) => {
    const socket = connect({ host, port })
    const done = (result: Parameters<typeof resolve>[0]) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(result)
    }
    const timer = setTimeout(() => done({ ok: false, timeout: true }), timeoutMs)
    socket.once('connect', () => done({ ok: true }))
    socket.once('error', (error: NodeJS.ErrnoException) => done({ ok: false, error }))
  })
  const ms = Math.round(performance.now() - startedAt)
  if (outcome.ok) return { id: 'reachable', status: 'ok', summary: `${url} took a connection (${where}) in ${ms} ms`, details: [] }
  const fail = (summary: string, fix = notUpFix): CheckResult => ({ id: 'reachable', status: 'fail', summary, details: [], fix })
  if ('timeout' in outcome) return fail(`could not connect to ${url}: ${where} did not answer within ${timeoutMs} ms (a firewall dropping packets, or a host that is down?)`)
  const { code, message } = outcome.error
  if (code === 'ECONNREFUSED') return fail(`could not connect to ${url}: connection refused (ECONNREFUSED) at ${where}; is the service up and listening there?`)
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return fail(`could not connect to ${url}: its host name ${JSON.stringify(host)} does not resolve (${code})`, 'Check the host name in the URL, or give the address the service listens on.')
  return fail(`could not connect to ${url}: ${message}${code ? ` (${code})` : ''}`)
}
