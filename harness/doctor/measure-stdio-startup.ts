import { performance } from 'node:perf_hooks'
import { stdioProtocol } from '#harness/adapters/stdio-adapter.ts'
import type { StartupTimes } from '#harness/doctor/judge-startup.ts'
import { ProbeProcess } from '#harness/doctor/probe-process.ts'
import { printable } from '#harness/doctor/printable.ts'

/** The end of a probe's stderr as detail lines. */
function stderrLines(probe: ProbeProcess): string[] {
  const tail = probe.stderrTail().trimEnd()
  return tail === '' ? ['stderr was empty'] : ['last stderr:', ...tail.split('\n').slice(-10).map((line) => printable(line.replace(/\r$/, '')))]
}

/**
 * Starts a stdio implementation `starts` times, one after the other, and times each from spawn to the answer to
 * `initialize` (a result or an error), waiting at most `timeoutMs`; each copy is killed with its process group at once.
 * Stops at the first start that gives no answer, saying why.
 */
export async function measureStdioStartup(options: { command: readonly string[]; cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number; starts?: number }): Promise<StartupTimes> {
  const starts = options.starts ?? 3
  const timesMs: number[] = []
  for (let n = 1; n <= starts; n++) {
    const at = `start ${n} of ${starts}`
    const spawnedAt = performance.now()
    const started = await ProbeProcess.start(options)
    if (!started.ok) return { starts, timesMs, problem: `${at}: could not start it: ${started.reason}` }
    const { probe } = started
    try {
      const answer = await probe.call('initialize', { protocol: stdioProtocol }, options.timeoutMs)
      if (answer.kind === 'answer') {
        timesMs.push(performance.now() - spawnedAt)
        continue
      }
      const why = answer.kind === 'timeout' ? `initialize got no answer within ${options.timeoutMs} ms` : `the implementation ${answer.status} before answering initialize`
      const fix = 'Start it by hand a few times and read its stderr: a start that sometimes fails or hangs breaks runs at random.'
      return { starts, timesMs, problem: `${at}: ${why}`, problemDetails: stderrLines(probe), problemFix: fix }
    } finally {
      await probe.dispose()
    }
  }
  return { starts, timesMs }
}
