import { excerpt } from '#harness/adapters/stdio/excerpt.ts'
import type { CheckResult } from '#harness/doctor/diagnosis.ts'
import type { StrayLine } from '#harness/doctor/probe-process.ts'
import { plural } from '#harness/doctor/plural.ts'

const idFix = 'Answer each request exactly once, with the id of the request, and write nothing on stdout when nothing was asked.'

const logFix = [
  'stdout carries JSON-RPC responses only: print banners, logs and debug output on stderr.',
  '  Python: print(..., file=sys.stderr), or logging (its default handler writes to stderr); never a bare print(...)',
  '  Go:     log.SetOutput(os.Stderr) (the default) or fmt.Fprintln(os.Stderr, ...); never fmt.Println',
  '  Elixir: IO.puts(:stderr, ...); Logger to stderr (config :logger, :default_handler, config: [type: :standard_error]); compile before the run so mix prints no "Compiling ..."',
  '  Node:   console.error(...) or process.stderr.write(...); never console.log',
  '  Rust:   eprintln!(...); never println!',
  '  Java:   System.err.println(...); point your logger at System.err',
].join('\n')

/** Describes one stray stdout line: its number, when it came, its text (excerpted) and why it is not a response. */
function describe(stray: StrayLine): string {
  return `stdout line ${stray.lineNumber}, ${stray.when}: ${excerpt(stray.text, 120)} (${stray.problem})`
}

/** Judges what stdout carried besides the answers: any stray line breaks the framing, so the kit stops the run with a `protocol` error. */
export function judgeStdout(observed: { strays: readonly StrayLine[]; strayCount: number; stdoutLines: number }): CheckResult {
  const [first] = observed.strays
  if (first === undefined) {
    if (observed.stdoutLines === 0) return { id: 'stdout', status: 'ok', summary: 'nothing on stdout', details: [] }
    return { id: 'stdout', status: 'ok', summary: `only JSON-RPC responses on stdout (${plural(observed.stdoutLines, 'line')})`, details: [] }
  }
  const more = observed.strayCount > 1 ? ` (and ${plural(observed.strayCount - 1, 'more stray line')})` : ''
  const summary =
    `stdout line ${first.lineNumber} is not a JSON-RPC response (${first.problem}), ${first.when}: ${excerpt(first.text, 120)}${more}; ` +
    'the kit would stop the run with a protocol error'
  const details = observed.strays.slice(1).map(describe)
  const unlisted = observed.strayCount - observed.strays.length
  if (unlisted > 0) details.push(`… ${plural(unlisted, 'more stray line')} not listed`)
  const misanswered = (stray: StrayLine): boolean => stray.problem.startsWith('a response with id') || stray.problem.startsWith('a late answer')
  const fixes = [...(observed.strays.some((stray) => !misanswered(stray)) ? [logFix] : []), ...(observed.strays.some(misanswered) ? [idFix] : [])]
  return { id: 'stdout', status: 'fail', summary, details, fix: fixes.join('\n') }
}
