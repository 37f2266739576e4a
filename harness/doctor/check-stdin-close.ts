import type { CheckResult } from '#harness/doctor/diagnosis.ts'
import type { ProbeProcess } from '#harness/doctor/probe-process.ts'

const fix = [
  'Exit with status 0 as soon as stdin reaches end of file (docs/stdio-protocol.md#shutdown):',
  '  Python: return after `for line in sys.stdin:` ends (no non-daemon thread left running), or sys.exit(0);',
  '  Go:     return from main when Scan() is false (or ReadBytes gives io.EOF);',
  '  Elixir: when IO.binread(:stdio, :line) returns :eof, System.halt(0);',
  '  Node:   process.stdin.on(\'end\', () => process.exit(0)), or let no timer, socket or child keep the event loop alive.',
  'Otherwise the kit waits 2 s at every close before sending SIGTERM to your process group, then SIGKILL 2 s later.',
].join('\n')

/** Closes the implementation's stdin and checks it exits, with status 0, within `graceMs` (the kit waits 2 000 ms). */
export async function checkStdinClose(probe: ProbeProcess, graceMs: number): Promise<CheckResult> {
  const before = probe.exit
  if (before !== null) {
    return {
      id: 'stdin-close',
      status: 'warn',
      summary: `the implementation had already ${before.text.replace(/^(exited|was)/, (w) => (w === 'was' ? 'been' : w))} before stdin was closed`,
      details: [],
      fix: 'Keep serving until stdin ends: an implementation that exits between calls ends the next scenario with a `crashed` error. See the other checks and its stderr.',
    }
  }
  const closedAt = probe.elapsedMs()
  probe.endStdin()
  if (!(await probe.waitForExit(graceMs))) {
    return { id: 'stdin-close', status: 'warn', summary: `still running ${graceMs} ms after stdin was closed (doctor killed it)`, details: [], fix }
  }
  const exit = probe.exit!
  const took = `${Math.round(exit.atMs - closedAt)} ms`
  if (exit.code === 0) return { id: 'stdin-close', status: 'ok', summary: `exited with code 0 ${took} after stdin was closed`, details: [] }
  return { id: 'stdin-close', status: 'warn', summary: `${exit.text} ${took} after stdin was closed; the protocol asks for status 0`, details: [], fix }
}
