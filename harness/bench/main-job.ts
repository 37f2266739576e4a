import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchOptions } from '#harness/bench/bench.ts'
import type { BenchRow } from '#harness/bench/bench-row.ts'
import { measureProcess, type ProcessUsage } from '#harness/bench/process-usage.ts'
import { statsOf } from '#harness/bench/sample.ts'
import { packageRoot } from '#harness/package/package-root.ts'
import { bundledAdapterNames } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

/**
 * The default main job (`contract-kit run`, compiled: every bundled system and profile on every scenario), whole, with
 * its browser (≤ 30 s) and without one — every adapter but `snapshotter/chromium` (≤ 20 s). One run each (they are
 * long); `--runs 3` or more runs each twice.
 */
export async function benchMainJob(options: BenchOptions): Promise<BenchRow[]> {
  await loadShippedSystems()
  const withoutBrowser = bundledAdapterNames().filter((name) => name !== 'snapshotter/chromium').flatMap((name) => ['--adapter', name])
  const runs = options.runs >= 3 ? 2 : 1
  const rows: BenchRow[] = []
  for (const [name, args, target] of [
    ['the default main job without a browser (every adapter but snapshotter/chromium, and the Python profile)', [...withoutBrowser, '--profile', 'examples/python/profile.yaml'], 20_000],
    ['the default main job, its browser included', [], 30_000],
  ] as const) {
    const usages: ProcessUsage[] = []
    for (let i = 0; i < runs; i++) usages.push(await mainJob(args))
    const wall = statsOf(usages.map((u) => u.wallMs))
    const summary = /contract-kit: (\d+) runs/.exec(usages[0]!.stdout)?.[1] ?? '?'
    const cpu = usages[0]!.cpuMs === undefined ? '' : `; CPU ${Math.round(statsOf(usages.map((u) => u.cpuMs!)).median / 1000)} s, peak ${Math.round(statsOf(usages.map((u) => u.maxRssMiB!)).median)} MiB`
    rows.push({ group: 'main job', name, subject: wall, unit: 'ms', target: `≤ ${target / 1000} s`, met: wall.median <= target, note: `${summary} runs${cpu}` })
  }
  return rows
}

async function mainJob(args: readonly string[]): Promise<ProcessUsage> {
  const out = mkdtempSync(join(tmpdir(), 'contract-kit-bench-main-'))
  let keep = false
  try {
    const usage = await measureProcess([process.execPath, join(packageRoot, 'bin/contract-kit.js'), 'run', ...args, '--out', out], { cwd: packageRoot, env: { ...process.env, NO_COLOR: '1', CONTRACT_KIT_FROM_SOURCE: '' } })
    if (usage.code !== 0) {
      // the reports (results.json, the History of every run that did not hold) stay for whoever looks into it
      keep = true
      const failed = usage.stdout.split('\n').filter((line) => /FAIL|×|^contract-kit:/.test(line)).slice(0, 20).join('\n')
      throw new Error(`the main job exited ${usage.code} (its reports are kept in ${out}):\n${failed}`)
    }
    return usage
  } finally {
    if (!keep) rmSync(out, { recursive: true, force: true })
  }
}
