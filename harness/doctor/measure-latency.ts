import { excerpt } from '#harness/adapters/stdio/excerpt.ts'
import type { CheckResult } from '#harness/doctor/diagnosis.ts'
import { latencyCall } from '#harness/doctor/latency-calls.ts'
import type { ProbeAnswer, ProbeProcess } from '#harness/doctor/probe-process.ts'
import { plural } from '#harness/doctor/plural.ts'
import { printable } from '#harness/doctor/printable.ts'

/** The method doctor calls to see an unknown method answered with -32601. */
const unknownMethod = 'contract-kit.doctor.no-such-method'

const slowFix = [
  'Answer each call as soon as its work is done: do expensive work once (at setup or on first use), not per call;',
  'keep connections, databases and caches open between calls instead of reopening them; do not sleep or poll before answering;',
  'flush stdout right after each response (a buffered answer arrives late or never).',
  'If the implementation is slow by nature, raise the kit\'s limit: contract-kit run --timeout MS (default 10000 ms).',
].join('\n')

function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`
}

/** The p50 (nearest rank) and the max of some timings. */
function stats(timings: number[]): { p50: number; max: number } {
  const sorted = [...timings].sort((a, b) => a - b)
  return { p50: sorted[Math.max(0, Math.ceil(sorted.length / 2) - 1)], max: sorted[sorted.length - 1] }
}

/** Whether a JSON-RPC error is a pager's answer (code -32000 with a string `data.code`), which a read may legitimately get. */
function isPagerError(error: { code: number; data?: unknown }): boolean {
  const data = error.data as { code?: unknown } | undefined
  return error.code === -32000 && typeof data?.code === 'string'
}

/** Times `calls` cheap, valid requests of each declared port, then an unknown method, and judges them against `maxCallMs`. */
export async function measureLatency(
  probe: ProbeProcess,
  options: { ports: readonly string[]; calls: number; maxCallMs: number; timeoutMs: number; workspace: string },
): Promise<{ check: CheckResult; calls: number }> {
  const details: string[] = []
  const problems: string[] = []
  const warnings: string[] = []
  const all: number[] = []
  let sent = 0
  let crashed = false
  const broken = (answer: ProbeAnswer, method: string): string | undefined => {
    if (answer.kind === 'timeout') return `\`${method}\` got no answer within ${options.timeoutMs} ms`
    if (answer.kind === 'exited') return `the implementation ${answer.status} while \`${method}\` was waiting for its answer`
    return undefined
  }
  for (const port of options.ports) {
    const timings: number[] = []
    let previousResult: unknown
    for (let index = 0; index < options.calls && problems.length === 0; index += 1) {
      const call = latencyCall(port, index, { workspace: options.workspace, previousResult })
      if (call === undefined) break
      const answer = await probe.call(call.method, call.params, options.timeoutMs)
      sent += 1
      const stop = broken(answer, call.method)
      if (stop !== undefined || answer.kind !== 'answer') {
        problems.push(stop!)
        if (answer.kind === 'exited') crashed = true
        break
      }
      timings.push(answer.ms)
      previousResult = answer.outcome.ok ? answer.outcome.result : undefined
      if (!answer.outcome.ok && !(call.method === 'pager.read' && isPagerError(answer.outcome.error))) {
        const { code, message } = answer.outcome.error
        problems.push(`\`${call.method}\` answered JSON-RPC error ${code}: ${excerpt(message, 120)}`)
      }
    }
    if (timings.length === 0) continue
    all.push(...timings)
    const { p50, max } = stats(timings)
    const over = timings.filter((ms) => ms > options.maxCallMs).length
    details.push(`${port}: ${plural(timings.length, 'call')}, p50 ${formatMs(p50)}, max ${formatMs(max)}${over > 0 ? `, ${over} over ${options.maxCallMs} ms` : ''}`)
    if (over > 0) warnings.push(`${over} of ${plural(timings.length, `${port} call`)} took longer than ${options.maxCallMs} ms`)
  }
  let unknown = ''
  if (problems.length === 0) {
    const answer = await probe.call(unknownMethod, {}, options.timeoutMs)
    sent += 1
    const stop = broken(answer, unknownMethod)
    if (stop !== undefined) {
      problems.push(`an unknown method: ${stop}`)
      crashed = answer.kind === 'exited'
    }
    else if (answer.kind === 'answer') {
      unknown = `; an unknown method was answered in ${formatMs(answer.ms)}`
      details.push(`unknown method \`${unknownMethod}\`: ${answer.outcome.ok ? 'a result' : `error ${answer.outcome.error.code}`} in ${formatMs(answer.ms)}`)
      if (answer.outcome.ok || answer.outcome.error.code !== -32601) {
        warnings.push(`the unknown method \`${unknownMethod}\` got ${answer.outcome.ok ? 'a result' : `error ${answer.outcome.error.code}`}, not error -32601 (method not found)`)
      }
      if (answer.ms > options.maxCallMs) warnings.push(`the unknown method took ${formatMs(answer.ms)}, over ${options.maxCallMs} ms`)
    }
  }
  const measured = all.length === 0 ? 'no port call timed' : `${plural(all.length, 'call')} of ${options.ports.join(', ')}: p50 ${formatMs(stats(all).p50)}, max ${formatMs(stats(all).max)}`
  if (problems.length > 0) {
    const fix = crashed
      ? 'Keep serving until stdin ends, whatever a request holds: catch errors per request and answer them as JSON-RPC errors. Its stderr (above) says why it stopped.'
      : problems[0].includes('JSON-RPC error')
        ? 'Serve every method of the ports you declare (docs/stdio-protocol.md and the port\'s doc): the kit stops a scenario with an `implementation` error on any answer that is not a result or a port error.'
        : slowFix
    if (crashed) details.push('last stderr:', ...probe.stderrTail().trimEnd().split('\n').slice(-10).map((line) => printable(line.replace(/\r$/, ''))))
    return { check: { id: 'latency', status: 'fail', summary: `${problems[0]} (${measured})`, details: [...details, ...problems.slice(1)], fix }, calls: sent }
  }
  if (warnings.length > 0) {
    const wrongCode = warnings.some((w) => w.includes('not error -32601'))
    const slow = warnings.some((w) => !w.includes('not error -32601'))
    const notFoundFix = 'Answer a method you do not serve at once with {"jsonrpc":"2.0","id":<its id>,"error":{"code":-32601,"message":"Method not found: <method>"}}.'
    const fix = [...(wrongCode ? [notFoundFix] : []), ...(slow ? [slowFix] : [])].join('\n')
    return { check: { id: 'latency', status: 'warn', summary: `${measured}; ${warnings.join('; ')}`, details, fix }, calls: sent }
  }
  const shown = options.ports.length > 1 ? details : []
  return { check: { id: 'latency', status: 'ok', summary: `${measured}${unknown} (threshold ${options.maxCallMs} ms)`, details: shown }, calls: sent }
}
