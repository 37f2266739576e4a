import { excerpt, excerptJson } from '#harness/adapters/stdio/excerpt.ts'
import { isInitializeResult } from '#harness/adapters/stdio/initialize-result.ts'
import type { CheckResult } from '#harness/doctor/diagnosis.ts'
import type { ProbeAnswer } from '#harness/doctor/probe-process.ts'
import { plural } from '#harness/doctor/plural.ts'
import { printable } from '#harness/doctor/printable.ts'

/** The ports the kit can call over stdio (docs/stdio-protocol.md); other names in a handshake are ignored. */
const stdioPorts = ['agent-log', 'pager', 'tool-output']

const answerFix =
  'Answer the first request, `initialize`, with one line on stdout such as\n' +
  '{"jsonrpc":"2.0","id":1,"result":{"name":"my-pager","version":"0.1.0","ports":["pager"]}}\n' +
  'ended by "\\n" and flushed (Python: sys.stdout.flush() or print(..., flush=True); Go: Flush() your bufio.Writer;\n' +
  'Node: process.stdout.write; Elixir: IO.binwrite(:stdio, ...)). Read stdin line by line from the start:\n' +
  'do not wait for more input or for end of file before answering. See docs/stdio-protocol.md#initialize.'

/** What the handshake told doctor, and whether the rest of the checks can talk to the implementation. */
export interface HandshakeVerdict {
  check: CheckResult
  /** The name and the ports the kit knows, when initialize answered a valid result. */
  system?: { name: string; ports: string[] }
  /** Whether initialize was answered at all (a result or an error): the connection is usable for more calls. */
  answered: boolean
}

/** Judges the answer to `initialize`: in time, `{ name, ports }`, ports the kit knows, and the ports the caller expects. */
export function judgeHandshake(
  answer: ProbeAnswer,
  context: { timeoutMs: number; expectedPorts?: readonly string[]; strayCount: number; stderrTail: string },
): HandshakeVerdict {
  const fail = (summary: string, fix: string, details: string[] = []): HandshakeVerdict => ({
    check: { id: 'handshake', status: 'fail', summary, details, fix },
    answered: answer.kind === 'answer',
  })
  const stderrDetails = context.stderrTail.trim() === '' ? ['stderr was empty'] : ['last stderr:', ...context.stderrTail.trimEnd().split('\n').slice(-10).map((line) => printable(line.replace(/\r$/, '')))]
  const strays = context.strayCount > 0 ? `; stdout carried ${plural(context.strayCount, 'line')} that ${context.strayCount === 1 ? 'is not a response' : 'are not responses'} (see stdout)` : ''
  if (answer.kind === 'timeout') {
    return fail(`initialize got no answer within ${context.timeoutMs} ms${strays}`, answerFix, stderrDetails)
  }
  if (answer.kind === 'exited') {
    return fail(
      `the implementation ${answer.status} before answering initialize${strays}`,
      'Run the command by hand and read its stderr (below): it must keep running and serve stdin until it ends.',
      stderrDetails,
    )
  }
  const took = `in ${Math.round(answer.ms)} ms`
  if (!answer.outcome.ok) {
    const { code, message } = answer.outcome.error
    return fail(
      `initialize answered JSON-RPC error ${code} ${took}: ${excerpt(message)}`,
      `Accept params.protocol "contract-kit/stdio@1" and answer initialize with a result { "name": string, "ports": string[] }.`,
    )
  }
  const result = answer.outcome.result
  if (!isInitializeResult(result)) {
    return fail(
      `initialize must answer { "name": string, "ports": string[] }; it answered ${excerptJson(result)}`,
      'Answer initialize with a result such as {"name":"my-pager","version":"0.1.0","ports":["pager"]}: a non-empty name and an array of port names.',
    )
  }
  const name = printable(result.name)
  const declared = [...new Set(result.ports.map(printable))]
  const ports = declared.filter((port) => stdioPorts.includes(port)).sort()
  const ignored = declared.filter((port) => !stdioPorts.includes(port))
  const system = { name, ports }
  const ignoredNote = ignored.length > 0 ? ` (ignored, unknown to the kit: ${ignored.join(', ')})` : ''
  if (ports.length === 0) {
    return {
      ...fail(
        `${name} declares no port the kit knows (declared: ${declared.join(', ') || 'none'})`,
        `List the ports you implement in the initialize result's "ports"; the kit knows ${stdioPorts.join(', ')}.`,
      ),
      system,
    }
  }
  const missing = (context.expectedPorts ?? []).filter((port) => !ports.includes(port))
  if (missing.length > 0) {
    return {
      ...fail(
        `${name} declares ${ports.join(', ')}${ignoredNote}, but not the expected ${missing.join(', ')}`,
        `Declare ${missing.map((port) => `"${port}"`).join(', ')} in the initialize result's "ports" (and serve its methods), or check you started the right program.`,
      ),
      system,
    }
  }
  return {
    check: { id: 'handshake', status: 'ok', summary: `${name} answered initialize ${took}, declaring ${ports.join(', ')}${ignoredNote}`, details: [] },
    system,
    answered: true,
  }
}
