import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serialize } from 'node:v8'
import type { BenchOptions } from '#harness/bench/bench.ts'
import type { BenchRow } from '#harness/bench/bench-row.ts'
import { ratioOf } from '#harness/bench/bench-row.ts'
import { statsOf } from '#harness/bench/sample.ts'
import type { Stats } from '#harness/bench/sample.ts'
import { scalingFamilies } from '#harness/bench/scaling-families.ts'
import type { ScalingFamily } from '#harness/bench/scaling-families.ts'
import { recordScalingHistory } from '#harness/bench/scaling-record.ts'
import { startJudgingProbe } from '#harness/bench/scaling-child.ts'
import type { JudgingProbe } from '#harness/bench/scaling-child.ts'
import type { JudgeMemory } from '#harness/bench/scaling-judge-child.ts'

/** The most a check may take at 10× the size it judges: linear, or n log n, with room for the machine's noise. */
export const scalingTarget = 12

/** One size of a family, measured: how long recording its History took (and where), the History's size, and how judging it went. */
interface Measured {
  size: number
  recordMs: number
  tmpdir?: string
  historyBytes: number
  judging: Stats
  memory: JudgeMemory
}

/**
 * `scaling`: every contract family's check at 1×, 10× and 100× of the size of what it judges. For each family a
 * History of each size is recorded once (untimed for the checks) against the port's bundled reference and handed to
 * processes of its own (`probesPerSize`), each of which judges it by every contract of its port (`judgeHistory`) once
 * for the peak memory, then warms up; the three are then timed in turn, `runs` times in each process (so a burst of
 * load on a shared machine falls on every size alike, and no one process's lean decides a step), each time on fresh
 * copies judged back to back, as many as make every sample judge as much (100 at 1×,
 * 10 at 10×, 1 at 100×), so each size pays for the garbage it makes alike. A row per family and step: time(10n)/time(n), target ≤ 12×; and a row per
 * family for recording, which is the driver and the system, not a check.
 */
export async function benchScaling(options: BenchOptions): Promise<BenchRow[]> {
  const families = scalingFamilies.filter((f) => !options.families || options.families.includes(f.port))
  const unknown = options.families?.filter((name) => !scalingFamilies.some((f) => f.port === name))
  if (unknown?.length) throw new Error(`--family: unknown family ${unknown.join(', ')} (families: ${scalingFamilies.map((f) => f.port).join(', ')})`)
  const rows: BenchRow[] = []
  const folder = mkdtempSync(join(tmpdir(), 'contract-kit-bench-scaling-'))
  try {
    for (const family of families) {
      process.stderr.write(`bench: scaling ${family.port} (${family.sizes.map(count).join(', ')} ${family.unit})…\n`)
      const measured = await measureFamily(family, options.runs, folder)
      rows.push(...stepRows(family, measured), recordingRow(family, measured))
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  return rows
}

/**
 * How many processes judge each size. One process's figures lean one way for its whole life (where its heap landed,
 * what its compiler made of the code): on a shared machine that alone moved a step's ratio by ±5%, as much as its
 * margin to the target. The samples of all of them are pooled.
 */
export const probesPerSize = 3

/** Records a family's three Histories, starts `probesPerSize` judging probes on each (the first's memory), then times the sizes in turn, each probe in turn. */
async function measureFamily(family: ScalingFamily, runs: number, folder: string): Promise<Measured[]> {
  const sizes: Array<Omit<Measured, 'judging' | 'memory'> & { probes: JudgingProbe[] }> = []
  try {
    for (const size of family.sizes) {
      const { history, ...recorded } = await recordScalingHistory(family, size)
      const file = join(folder, `${family.port}-${size}.bin`)
      const bytes = serialize(history)
      writeFileSync(file, bytes)
      const measured = { ...recorded, historyBytes: bytes.length, probes: [] as JudgingProbe[] }
      sizes.push(measured)
      try {
        for (let p = 0; p < probesPerSize; p++) measured.probes.push(await startJudgingProbe(file))
      } finally {
        rmSync(file)
      }
    }
    const times = sizes.map((): number[] => [])
    const largest = Math.max(...family.sizes)
    for (let run = 0; run < runs; run++) {
      for (let p = 0; p < probesPerSize; p++) {
        // each sample judges as much at every size: 100 copies at 1×, 10 at 10×, 1 at 100× (their collections included)
        for (const [i, { probes, size }] of sizes.entries()) times[i]!.push(await probes[p]!.time(Math.max(1, Math.round(largest / size))))
      }
    }
    return sizes.map(({ probes, ...m }, i) => ({ ...m, memory: probes[0]!.memory, judging: statsOf(times[i]!) }))
  } finally {
    await Promise.all(sizes.flatMap(({ probes }) => probes.map((probe) => probe.close())))
  }
}

/** The rows of a family's two steps, 1× → 10× and 10× → 100×. */
function stepRows(family: ScalingFamily, measured: readonly Measured[]): BenchRow[] {
  return [0, 1].map((i) => {
    const [small, large] = [measured[i]!, measured[i + 1]!]
    const ratio = ratioOf(large.judging, small.judging)
    const [memSmall, memLarge] = [judgingMiB(small.memory), judgingMiB(large.memory)]
    const memRatio = Math.round((memLarge / memSmall) * 10) / 10
    const verdicts = [small, large].filter((m) => m.memory.verdict !== 'held').map((m) => `; ${count(m.size)}: verdict ${m.memory.verdict}`)
    return {
      group: 'scaling',
      name: `${family.port}: judging ${count(small.size)} → ${count(large.size)} ${family.unit}`,
      subject: large.judging,
      baseline: small.judging,
      unit: 'ms',
      ratio,
      target: `≤ ${scalingTarget}× per 10×`,
      met: ratio <= scalingTarget,
      note: `${count(small.size)}: ${ms(small.judging.median)}, ${count(large.size)}: ${ms(large.judging.median)} (${small.judging.runs} samples a size, from ${probesPerSize} processes); peak memory of judging ${mib(memSmall)} → ${mib(memLarge)} (${memRatio}×, linear ${memRatio <= scalingTarget ? '✓' : '✗'})${verdicts.join('')}`,
    }
  })
}

/** A family's recording row: the 100× History against the 10× one, with all three times and the Histories' sizes. */
function recordingRow(family: ScalingFamily, measured: readonly Measured[]): BenchRow {
  const once = (m: Measured) => statsOf([m.recordMs])
  const [, ten, hundred] = measured as [Measured, Measured, Measured]
  const how = measured[0]!.memory.how === 'hwm' ? 'peak RSS above the loaded History during the first judging in a process of its own (Linux VmHWM, reset before it; its code compiled as it runs)' : 'the child process’s lifetime peak RSS (loading included) above the loaded History'
  return {
    group: 'scaling',
    name: `${family.port}: recording the History (${family.adapter}), 10× → 100×`,
    subject: once(hundred),
    baseline: once(ten),
    unit: 'ms',
    ratio: ratioOf(once(hundred), once(ten)),
    note: `the driver and the system, not a check${measured[0]!.tmpdir ? `, with its sandbox in ${measured[0]!.tmpdir} (tmpfs: the reference's SQLite syncs every write, and a busy disk's syncs would be most of the time)` : ''}; once each: ${measured.map((m) => `${count(m.size)}: ${ms(m.recordMs)} (History ${mib(m.historyBytes / 2 ** 20)})`).join(', ')}; n = ${family.about}; memory: ${how}`,
  }
}

/** The memory one judging took: its peak resident set above the one with the History loaded, in MiB (at least 0.1). */
function judgingMiB(memory: JudgeMemory): number {
  return Math.max(0.1, (memory.peakBytes - memory.loadedBytes) / 2 ** 20)
}

function count(n: number): string {
  return n.toLocaleString('en-US')
}

function ms(value: number): string {
  return value >= 100 ? `${count(Math.round(value))} ms` : `${Number(value.toPrecision(3))} ms`
}

function mib(value: number): string {
  return value >= 100 ? `${count(Math.round(value))} MiB` : `${Number(value.toPrecision(3))} MiB`
}
