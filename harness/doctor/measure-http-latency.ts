import { performance } from 'node:perf_hooks'
import { excerpt } from '#harness/adapters/stdio/excerpt.ts'
import type { JsonRpcPeer } from '#harness/adapters/json-rpc-connection.ts'
import { stdioProtocol } from '#harness/adapters/json-rpc-protocol.ts'
import type { CheckResult } from '#harness/doctor/diagnosis.ts'
import { plural } from '#harness/doctor/plural.ts'

function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`
}

function median(timings: readonly number[]): number {
  const sorted = [...timings].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const slowFix = [
  'Answer each request as soon as its work is done: keep connections, databases and caches open between requests;',
  'a proxy or a gateway in front of the service adds its own time. If the service is slow by nature, raise the',
  "kit's limit: contract-kit run --timeout MS (default 10000 ms).",
].join('\n')

/**
 * Times `calls` round trips of `initialize` over one connection to a service already running (a call that changes no
 * state, whoever else uses the service), and judges them: the median and the max, a warning for any over
 * `maxCallMs`, a failure for a call that gets no answer, or an error, within `timeoutMs`.
 */
export async function measureHttpLatency(rpc: Pick<JsonRpcPeer, 'call'>, options: { calls: number; maxCallMs: number; timeoutMs: number }): Promise<CheckResult> {
  const timings: number[] = []
  for (let n = 1; n <= options.calls; n++) {
    const startedAt = performance.now()
    let problem: string | undefined
    try {
      const outcome = await rpc.call('initialize', { protocol: stdioProtocol }, options.timeoutMs)
      if (!outcome.ok) problem = `\`initialize\` ${n} of ${options.calls} answered JSON-RPC error ${outcome.error.code}: ${excerpt(outcome.error.message, 120)}`
    } catch (error) {
      problem = `\`initialize\` ${n} of ${options.calls}: ${error instanceof Error ? error.message : String(error)}`
    }
    if (problem !== undefined) {
      const timed = timings.length === 0 ? 'no round trip timed' : `${plural(timings.length, 'round trip')} before it: median ${formatMs(median(timings))}, max ${formatMs(Math.max(...timings))}`
      const fix = 'The service answered the handshake, then failed on the same request: read its own logs (the kit sees no stderr of a service it did not start).'
      return { id: 'latency', status: 'fail', summary: `${problem} (${timed})`, details: [], fix }
    }
    timings.push(performance.now() - startedAt)
  }
  const measured = `${plural(timings.length, 'round trip')} of initialize: median ${formatMs(median(timings))}, max ${formatMs(Math.max(...timings))}`
  const over = timings.filter((ms) => ms > options.maxCallMs).length
  if (over > 0) return { id: 'latency', status: 'warn', summary: `${measured}; ${over} of ${timings.length} took longer than ${options.maxCallMs} ms`, details: [], fix: slowFix }
  return { id: 'latency', status: 'ok', summary: `${measured} (threshold ${options.maxCallMs} ms)`, details: [] }
}
