import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchOptions } from '#harness/bench/bench.ts'
import type { BenchRow } from '#harness/bench/bench-row.ts'
import { measureProcess } from '#harness/bench/process-usage.ts'
import type { ProcessUsage } from '#harness/bench/process-usage.ts'
import { statsOf } from '#harness/bench/sample.ts'
import { testCensus } from '#harness/bench/test-census.ts'
import { cpuByProcessKind, processCpuHook } from '#harness/bench/process-cpu.ts'
import type { VitestJsonReport } from '#harness/bench/test-census.ts'
import { packageRoot } from '#harness/package/package-root.ts'

/** The targets issue 23 set, on a quiet 2-core machine: the whole of `npm test`, and any one test file. */
const suiteTargetMs = 240_000
const fileTargetMs = 30_000

/**
 * The kit's own tests as a contributor runs them: a fresh clone of the checkout's HEAD (`git clone`, `npm ci`), then
 * `npm test` twice — cold, then warm — each with vitest's JSON report; rows for both, `npm ci`, the ten slowest files
 * of the cold run, the CPU of its Node processes by kind (the ten costliest) and the census of the proofs it holds. It measures what is committed, not the working tree.
 */
export async function benchTestSuite(_options: BenchOptions): Promise<BenchRow[]> {
  const temp = mkdtempSync(join(tmpdir(), 'contract-kit-bench-suite-'))
  let keep = false
  try {
    const clone = join(temp, 'kit')
    execFileSync('git', ['clone', '--quiet', packageRoot, clone], { stdio: 'ignore' })
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim()
    const { CONTRACT_KIT_FROM_SOURCE: _, ...inherited } = process.env
    const env: NodeJS.ProcessEnv = { ...inherited, NO_COLOR: '1' }
    const install = await measureProcess(['npm', 'ci', '--no-audit', '--no-fund'], { cwd: clone, env })
    if (install.code !== 0) throw new Error(`npm ci exited ${install.code} in the clone:\n${install.stderr.slice(-2000)}`)
    const rows: BenchRow[] = [{ group: 'suite', name: `npm ci in a fresh clone of ${head}`, subject: statsOf([install.wallMs]), unit: 'ms', note: cpuNote(install) }]
    const reports: VitestJsonReport[] = []
    for (const [i, which] of (['cold', 'warm'] as const).entries()) {
      const file = join(temp, `${which}.json`)
      // the cold run logs the CPU of every Node process it starts (process-cpu-hook.cjs), to say where the time goes
      const hooked = i === 0 ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${processCpuHook.file}`.trim(), [processCpuHook.logVariable]: join(temp, 'processes.jsonl') } : {}
      const usage = await measureProcess(['npm', 'test', '--', '--reporter=json', `--outputFile=${file}`], { cwd: clone, env: { ...env, ...hooked } })
      const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport
      reports.push(report)
      if (usage.code !== 0) keep = true
      const counts = `${report.numPassedTests} passed, ${report.numFailedTests} failed${report.numPendingTests ? `, ${report.numPendingTests} skipped` : ''}`
      rows.push({
        group: 'suite',
        name: i === 0 ? 'npm test from the fresh clone (cold)' : 'npm test again (warm)',
        subject: statsOf([usage.wallMs]),
        unit: 'ms',
        target: `≤ ${suiteTargetMs / 60_000} min`,
        met: usage.wallMs <= suiteTargetMs && usage.code === 0,
        note: `${counts}; exit ${usage.code}${cpuNote(usage) ? `; ${cpuNote(usage)}` : ''}`,
      })
    }
    const cold = reports[0]!
    const files = cold.testResults.map((f) => ({ file: f.name.slice(clone.length + 1), ms: f.endTime - f.startTime })).sort((a, b) => b.ms - a.ms)
    const sum = files.reduce((s, f) => s + f.ms, 0)
    rows.push({ group: 'suite', name: `the sum of the ${files.length} test files' times (cold)`, subject: statsOf([sum]), unit: 'ms', note: `over ${fileTargetMs / 1000} s: ${files.filter((f) => f.ms > fileTargetMs).length} files` })
    for (const f of files.slice(0, 10)) rows.push({ group: 'suite: slowest files', name: f.file, subject: statsOf([f.ms]), unit: 'ms', target: `≤ ${fileTargetMs / 1000} s`, met: f.ms <= fileTargetMs })
    const processLog = join(temp, 'processes.jsonl')
    const kinds = existsSync(processLog) ? cpuByProcessKind(readFileSync(processLog, 'utf8'), clone) : []
    const logged = kinds.reduce((s, k) => s + k.cpuMs, 0)
    rows.push({ group: 'suite: CPU by process (cold)', name: 'every Node process that logged its exit', subject: statsOf([logged]), unit: 'ms', note: `${kinds.reduce((s, k) => s + k.processes, 0)} processes; one killed by SIGKILL logs nothing` })
    for (const k of kinds.slice(0, 10)) rows.push({ group: 'suite: CPU by process (cold)', name: k.kind, subject: statsOf([k.cpuMs]), unit: 'ms', note: `${k.processes} processes, ${Math.round(k.cpuMs / k.processes)} ms each` })
    for (const row of testCensus(cold, clone)) rows.push({ group: 'suite: proofs', name: row.kind, subject: statsOf([row.total]), unit: 'tests', note: `${row.passed} passed` })
    if (keep) process.stderr.write(`bench: npm test failed in ${clone}: kept for whoever looks into it (${join(temp, 'cold.json')})\n`)
    return rows
  } finally {
    if (!keep) rmSync(temp, { recursive: true, force: true })
  }
}

function cpuNote(usage: ProcessUsage): string {
  return usage.cpuMs === undefined ? '' : `CPU ${Math.round(usage.cpuMs / 1000)} s`
}
