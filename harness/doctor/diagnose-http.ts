import { performance } from 'node:perf_hooks'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { HttpJsonRpc } from '#harness/adapters/http/http-json-rpc.ts'
import { stdioProtocol } from '#harness/adapters/json-rpc-protocol.ts'
import { checkReachable } from '#harness/doctor/check-reachable.ts'
import { httpCheckIds, type CheckId, type CheckResult, type Diagnosis } from '#harness/doctor/diagnosis.ts'
import { judgeHandshake } from '#harness/doctor/judge-handshake.ts'
import { measureHttpLatency } from '#harness/doctor/measure-http-latency.ts'
import { skippedCheck } from '#harness/doctor/skipped-check.ts'

/** Which service doctor checks, and how patient it is. */
export interface DiagnoseHttpOptions {
  /** The URL every request is POSTed to, as given after `http:`. */
  url: string
  /** Ports the service must declare. */
  expectedPorts?: string[]
  /** How many `initialize` round trips are timed (default 5). */
  latencyCalls?: number
  /** A round trip slower than this is a warning (default 1 000 ms). */
  maxCallMs?: number
  /** How long each call may wait for its answer (default 10 000 ms, the kit's). */
  timeoutMs?: number
  /** How long connecting and answering `initialize` may take (default: the larger of timeoutMs and 10 000 ms, as the kit allows). */
  handshakeTimeoutMs?: number
}

/** Why each check about a process means nothing for a service the kit reaches but did not start. */
const notApplicable: Partial<Record<CheckId, string>> = {
  startup: 'the kit did not start this service, so it cannot time its start-up (time it where you start it)',
  stdout: 'a service answers in HTTP response bodies; the kit reads no stdout of it',
  stderr: 'the kit cannot see the stderr of a service it did not start (read the service’s own logs)',
  'stdin-close': 'the kit did not start this service: there is no stdin of it to close',
  sigterm: 'the kit did not start this service, so it never signals it; stopping it is yours',
}

function notApplicableCheck(id: CheckId): CheckResult {
  return { id, status: 'skip', summary: `not applicable: ${notApplicable[id]}`, details: [] }
}

const fixes: Partial<Record<AdapterError['failure'], string>> = {
  timeout: 'Answer each POST within the limit, whole (docs/http-protocol.md#timeouts); a service slow by nature: contract-kit run --timeout MS.',
  protocol:
    "Answer POST on the URL, exactly as given (its path too), with a body that is one JSON-RPC 2.0 response with the request's id,\n" +
    'status 200 and Content-Type application/json; follow no redirect: give the URL that answers (docs/http-protocol.md#responses).',
  implementation: 'The service failed on `initialize`: read its own logs. A 4xx or 5xx is read as a JSON-RPC error only when its body is one (docs/http-protocol.md#responses).',
  crashed: 'The service closed the connection before answering: read its own logs; is it the service you meant listening there (not a proxy or another program)?',
}

const certificateFix = "Node does not trust the service's certificate: add the CA that signed it with NODE_EXTRA_CA_CERTS=<file.pem> (docs/http-protocol.md#requests), or give the URL whose name the certificate holds."
const notTlsFix = 'The TLS handshake failed: does the service speak plain HTTP on that port? Then give its http:// URL.'

/**
 * Checks a service already running, reached at its URL, before any scenario: that it takes a connection, its
 * `initialize` answer (what it declared), and the latency of a few more `initialize` round trips (a call that changes
 * no state, whoever else uses it). The checks about a process (start-up, stdout, stderr, stdin close, SIGTERM) are
 * printed as not applicable: the kit did not start it. Nothing is left open when this resolves; the service runs on.
 */
export async function diagnoseHttp(options: DiagnoseHttpOptions): Promise<Diagnosis> {
  const timeoutMs = options.timeoutMs ?? 10_000
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? Math.max(timeoutMs, 10_000)
  const finish = (checks: CheckResult[], system?: Diagnosis['system']): Diagnosis => {
    const sorted = httpCheckIds.map((id) => checks.find((check) => check.id === id) ?? notApplicableCheck(id))
    return { command: [], url: options.url, ...(system ? { system } : {}), checks: sorted, ok: sorted.every((check) => check.status !== 'fail') }
  }
  const reachable = await checkReachable(options.url, handshakeTimeoutMs)
  if (reachable.status === 'fail') {
    const why = `${options.url} could not be reached`
    return finish([reachable, skippedCheck('handshake', why), skippedCheck('latency', why)])
  }
  const rpc = new HttpJsonRpc({ url: options.url, timeoutMs })
  try {
    const startedAt = performance.now()
    let handshake: CheckResult
    let system: Diagnosis['system']
    let answered = false
    try {
      const outcome = await rpc.call('initialize', { protocol: stdioProtocol }, handshakeTimeoutMs)
      const verdict = judgeHandshake({ kind: 'answer', ms: performance.now() - startedAt, outcome }, { timeoutMs: handshakeTimeoutMs, expectedPorts: options.expectedPorts, strayCount: 0, stderrTail: '' })
      ;({ check: handshake, system } = verdict)
      answered = outcome.ok
    } catch (error) {
      const failure = error instanceof AdapterError ? error.failure : 'crashed'
      const summary = error instanceof Error ? error.message : String(error)
      const fix = /certificate|self[- ]signed/i.test(summary) ? certificateFix : /wrong version number|EPROTO/.test(summary) ? notTlsFix : (fixes[failure] ?? fixes.crashed!)
      handshake = { id: 'handshake', status: 'fail', summary, details: [], fix }
    }
    const latency = answered
      ? await measureHttpLatency(rpc, { calls: options.latencyCalls ?? 5, maxCallMs: options.maxCallMs ?? 1_000, timeoutMs })
      : skippedCheck('latency', 'initialize was not answered with a result')
    return finish([reachable, handshake, latency], system)
  } finally {
    await rpc.close()
  }
}
