import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchOptions } from '#harness/bench/bench.ts'
import { ratioOf, type BenchRow } from '#harness/bench/bench-row.ts'
import { measureProcess, type ProcessUsage } from '#harness/bench/process-usage.ts'
import { statsOf } from '#harness/bench/sample.ts'
import { packageRoot } from '#harness/package/package-root.ts'

const scenario = 'regressions/analysis-result-budget/forty-exchanges'

/**
 * One scenario through the CLI (`contract-kit run --adapter pager/reference --scenario …/forty-exchanges`, compiled)
 * vs the hand-written vitest test that does the same reads and checks (hand-written/forty-exchanges.bench-test.mjs),
 * each a whole process, run in alternation: wall time (target ≤ 1.3×), CPU time and peak memory.
 */
export async function benchScenario(options: BenchOptions): Promise<BenchRow[]> {
  const out = mkdtempSync(join(tmpdir(), 'contract-kit-bench-'))
  const env = { ...process.env, NO_COLOR: '1', CONTRACT_KIT_FROM_SOURCE: '' }
  const kit = () => measureProcess([process.execPath, join(packageRoot, 'bin/contract-kit.js'), 'run', '--adapter', 'pager/reference', '--scenario', scenario, '--out', out], { cwd: packageRoot, env })
  const hand = () => measureProcess([process.execPath, join(packageRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.mjs'], { cwd: join(packageRoot, 'harness/bench/hand-written'), env })
  try {
    const kits: ProcessUsage[] = []
    const hands: ProcessUsage[] = []
    await kit() // warm the file system cache for both
    await hand()
    for (let i = 0; i < options.runs; i++) {
      kits.push(checked(await kit(), 'contract-kit run'))
      hands.push(checked(await hand(), 'the hand-written test'))
    }
    const rows: BenchRow[] = []
    const row = (name: string, unit: string, pick: (u: ProcessUsage) => number | undefined, target?: number): void => {
      if (kits.some((u) => pick(u) === undefined)) return
      const subject = statsOf(kits.map((u) => pick(u)!))
      const baseline = statsOf(hands.map((u) => pick(u)!))
      const ratio = ratioOf(subject, baseline)
      rows.push({ group: 'scenario', name, subject, baseline, unit, ratio, ...(target ? { target: `≤ ${target}×`, met: ratio <= target } : {}), note: 'whole processes, run in alternation' })
    }
    row(`one scenario (${scenario} on pager/reference) through the CLI vs the hand-written vitest test: wall`, 'ms', (u) => u.wallMs, 1.3)
    row('the same: CPU time (the process and every process it waited for)', 'ms', (u) => u.cpuMs)
    row('the same: peak resident memory (the largest process)', 'MiB', (u) => u.maxRssMiB)
    return rows
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

function checked(usage: ProcessUsage, what: string): ProcessUsage {
  if (usage.code !== 0) throw new Error(`${what} exited ${usage.code}: ${(usage.stdout + usage.stderr).slice(-2000)}`)
  return usage
}
