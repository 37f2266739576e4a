import { excerpt } from '#harness/adapters/stdio/excerpt.ts'
import type { CheckResult } from '#harness/doctor/diagnosis.ts'
import type { ProbePhase, StderrVolume } from '#harness/doctor/probe-process.ts'
import { plural } from '#harness/doctor/plural.ts'

/** How much of stderr the kit keeps for reports and adapter errors (docs/stdio-protocol.md). */
const keptBytes = 64 * 1024

const fix = [
  'Log one line per event worth reading (a start, a failure), not per request or per tick; keep traces behind a level or a flag:',
  '  Python: logging.basicConfig(level=logging.WARNING); Go: a leveled logger (log/slog with slog.LevelWarn);',
  '  Elixir: config :logger, level: :warning; Node: print debug output only when an environment variable asks for it.',
  `The kit drains stderr and keeps its last ${keptBytes / 1024} KiB, shown in reports and attached to every adapter error (an \`error\` verdict): noise pushes out the lines that explain a failure.`,
].join('\n')

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KiB`
}

/** Judges how much the implementation wrote to stderr during start-up and the handshake, while idle, during the calls and at shutdown. */
export function judgeStderr(observed: { volumes: Record<ProbePhase, StderrVolume>; calls: number; firstLine: string | null; warnBytes: number }): CheckResult {
  const { volumes, calls, warnBytes } = observed
  const total = Object.values(volumes).reduce((sum, v) => ({ bytes: sum.bytes + v.bytes, lines: sum.lines + v.lines }), { bytes: 0, lines: 0 })
  const part = (v: StderrVolume, where: string): string => `${plural(v.lines, 'line')} (${size(v.bytes)}) ${where}`
  const perCall = calls > 0 && volumes.calls.bytes > 0 ? ` (${size(Math.round(volumes.calls.bytes / calls))} a call)` : ''
  const breakdown = [
    part(volumes['start-up'], 'at start-up and handshake'),
    part(volumes.idle, 'idle'),
    part(volumes.calls, `during ${plural(calls, 'call')}${perCall}`),
    part(volumes.shutdown, 'after stdin closed'),
  ].join(', ')
  const totals = `${plural(total.lines, 'line')}, ${size(total.bytes)} on stderr`
  if (total.bytes === 0) return { id: 'stderr', status: 'ok', summary: 'nothing on stderr', details: [] }
  if (total.bytes <= warnBytes) {
    return { id: 'stderr', status: 'ok', summary: `${totals}, under the ${size(warnBytes)} threshold: ${breakdown}`, details: [] }
  }
  const lost = total.bytes > keptBytes ? `, more than the ${keptBytes / 1024} KiB the kit keeps: the start is already lost` : ''
  const details = [breakdown, ...(observed.firstLine !== null ? [`it starts with ${excerpt(observed.firstLine, 120)}`] : [])]
  return { id: 'stderr', status: 'warn', summary: `${totals}, over the ${size(warnBytes)} threshold${lost}`, details, fix }
}
