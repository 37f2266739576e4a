import { readFileSync, writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { deserialize } from 'node:v8'
import type { History } from '#harness/history/history.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'

/** The memory of a History's first judging: the resident set with it loaded, the peak while judging it, how the peak was read, and the verdict. */
export interface JudgeMemory {
  /** Bytes resident once the History is loaded and collected garbage is gone. */
  loadedBytes: number
  /** The most bytes resident while it was judged. */
  peakBytes: number
  /** `hwm`: Linux's VmHWM, reset just before judging; `maxrss`: the process's lifetime peak (loading included), elsewhere. */
  how: 'hwm' | 'maxrss'
  verdict: string
}

/** How long the warm-up goes on: a few judgings get a small History's code optimized, and a large one's first judging is long enough alone. */
const warmUp = { judgings: 10, ms: 1_000 }

/** Resets the process's peak resident set to its current one (Linux 4.0+: `5` to /proc/self/clear_refs); false where it cannot. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    return /^VmHWM:/m.test(readFileSync('/proc/self/status', 'utf8'))
  } catch {
    return false
  }
}

/** The peak resident set since the last reset, in bytes (VmHWM). */
function peakSinceReset(): number {
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024
}

/** Collects garbage, resets the peak resident set and judges the History as loaded (no copy of it counted): the process's first judging, its code compiled as it runs. */
function firstJudging(history: History): JudgeMemory {
  const collect = (globalThis as { gc?: () => void }).gc
  if (!collect) throw new Error('scaling-judge-child: run it with node --expose-gc')
  collect()
  collect()
  const loadedBytes = process.memoryUsage().rss
  const reset = resetPeak()
  const verdict = judgeHistory(history).verdict
  const peakBytes = reset ? peakSinceReset() : process.resourceUsage().maxRSS * 1024
  return { loadedBytes, peakBytes, how: reset ? 'hwm' : 'maxrss', verdict }
}

/**
 * The wall time of judging a fresh copy of the History (so nothing a contract remembers of one carries over), in ms;
 * the copy is made, and the garbage of earlier copies collected, before the clock starts: the time is the judging's own.
 */
function timeJudging(history: History): number {
  const copy = structuredClone(history)
  ;(globalThis as { gc?: () => void }).gc?.()
  const start = performance.now()
  judgeHistory(copy)
  return performance.now() - start
}

/**
 * The scaling section's probe of one History (written with v8.serialize), in a process of its own started with
 * `--expose-gc`: judges it once for its memory and prints that JudgeMemory as a line of JSON once warm (`warmUp`);
 * then, for each `time` line it reads, judges it once more and prints the time in ms. It ends with its stdin.
 */
function main(file: string | undefined): void {
  if (!file) throw new Error('scaling-judge-child: expected the file of a History')
  const history = deserialize(readFileSync(file)) as History
  const memory = firstJudging(history)
  for (let judged = 1, spent = 0; judged < warmUp.judgings && spent < warmUp.ms; judged++) spent += timeJudging(history)
  process.stdout.write(`${JSON.stringify(memory)}\n`)
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'time') process.stdout.write(`${timeJudging(history)}\n`)
  })
}

main(process.argv[2])
