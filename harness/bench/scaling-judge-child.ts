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
 * The wall time of judging `batch` fresh copies of the History back to back (so nothing a contract remembers of one
 * carries over), per copy, in ms. The copies are made, and the garbage of earlier ones collected, before the clock
 * starts; the garbage the judgings make is collected while it runs, as it comes. A batch sized so that every size
 * judges the same amount per sample (100 copies at 1×, 10 at 10×, 1 at 100×) lets each size pay for its collections
 * alike: a single small judging would end before its first collection and look cheaper than it is.
 */
function timeJudging(history: History, batch = 1): number {
  const copies = Array.from({ length: batch }, () => structuredClone(history))
  ;(globalThis as { gc?: () => void }).gc?.()
  const start = performance.now()
  for (const copy of copies) judgeHistory(copy)
  return (performance.now() - start) / batch
}

/**
 * The scaling section's probe of one History (written with v8.serialize), in a process of its own started with
 * `--expose-gc`: judges it once for its memory and prints that JudgeMemory as a line of JSON once warm (`warmUp`);
 * then, for each `time [batch]` line it reads, judges `batch` copies (1 if absent) and prints the time of one in ms. It ends with its stdin.
 */
function main(file: string | undefined): void {
  if (!file) throw new Error('scaling-judge-child: expected the file of a History')
  const history = deserialize(readFileSync(file)) as History
  const memory = firstJudging(history)
  for (let judged = 1, spent = 0; judged < warmUp.judgings && spent < warmUp.ms; judged++) spent += timeJudging(history)
  process.stdout.write(`${JSON.stringify(memory)}\n`)
  createInterface({ input: process.stdin }).on('line', (line) => {
    const [word, batch] = line.trim().split(/\s+/)
    if (word === 'time') process.stdout.write(`${timeJudging(history, batch === undefined ? 1 : Number(batch))}\n`)
  })
}

main(process.argv[2])
