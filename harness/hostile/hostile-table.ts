import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { constants, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { packageRoot } from '#harness/package/package-root.ts'
import { hostileCases } from '#harness/hostile/hostile-cases.ts'
import type { HostileCase } from '#harness/hostile/hostile-cases.ts'

/** What one hostile case came to: its exit, verdicts, wall time, the kit's peak memory, and what it left. */
interface Measured {
  name: string
  exit: number | null
  verdicts: string
  wallMs: number
  /** From the signal to the exit, for an interrupted run. */
  stopMs?: number
  kitPeakMiB: number
  /** The most any one of the kit's processes held. */
  largestMiB: number
  processesLeft: number
  tempLeft: number
  firstLine: string
  ok: boolean
}

/** How often the kit's processes are sampled for their memory and the run's processes counted. */
const sampleMs = 25

/** Every process whose environment holds `marker`, with its resident memory and whether it is the kit's own. */
function marked(marker: string): Array<{ pid: number; rssKiB: number; kit: boolean }> {
  const found: Array<{ pid: number; rssKiB: number; kit: boolean }> = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      if (!readFileSync(`/proc/${name}/environ`, 'latin1').includes(marker)) continue
      const status = readFileSync(`/proc/${name}/status`, 'latin1')
      if (/^State:\s+Z/m.test(status)) continue
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1').replace(/\0/g, ' ')
      const rssKiB = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0)
      // the kit: the CLI, vitest's workers and the kit's own servers; not an implementation it started
      const kit = /bin\/contract-kit\.js|node_modules\/vitest\/|node_modules\/tinypool\//.test(cmdline) && !/__test-helpers__|harness\/hostile\/programs/.test(cmdline)
      found.push({ pid: Number(name), rssKiB, kit })
    } catch {
      // gone, or not ours to read
    }
  }
  return found
}

/** Runs one case as a whole `node bin/contract-kit.js` process with a temp folder and a marker of its own. */
async function measure(hostile: HostileCase): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'contract-kit-hostile-'))
  const tmp = join(dir, 'tmp')
  mkdirSync(tmp)
  for (const [file, content] of Object.entries(hostile.files ?? {})) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), content)
  }
  const marker = `CONTRACT_KIT_HOSTILE=${randomUUID()}`
  const args = hostile.args.map((a) => a.replaceAll('{dir}', dir).replaceAll('{root}', packageRoot))
  const out = join(dir, 'reports')
  const started = performance.now()
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, CONTRACT_KIT_HOSTILE: marker.split('=')[1] }
  delete env.npm_command // as a user's shell would have it (npx sets its own)
  const cli = [...args, ...(args.includes('--out') ? [] : ['--out', out])]
  const [command, argv] = hostile.npx ? ['npx', ['--no-install', 'contract-kit', ...cli]] : [process.execPath, [join(packageRoot, 'bin/contract-kit.js'), ...cli]]
  const child = spawn(command, argv, {
    cwd: packageRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // a process group of its own, as a terminal gives a command (a group signal reaches only it)
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  let peakKiB = 0
  let largestKiB = 0
  let signalled: number | undefined
  const sampler = setInterval(() => {
    const kit = marked(marker).filter((p) => p.kit)
    peakKiB = Math.max(peakKiB, kit.reduce((sum, p) => sum + p.rssKiB, 0))
    largestKiB = Math.max(largestKiB, ...kit.map((p) => p.rssKiB))
    const interrupt = hostile.interrupt
    if (interrupt && signalled === undefined && performance.now() - started > interrupt.afterMs) {
      signalled = performance.now()
      process.kill(interrupt.to === 'group' ? -child.pid! : child.pid!, interrupt.signal)
    }
  }, sampleMs)
  // a process ended by a signal exits as a shell reports it: 128 + the signal's number
  const exit = await new Promise<number | null>((done) => child.on('close', (code, signal) => done(code ?? (signal ? 128 + constants.signals[signal] : null))))
  const ended = performance.now()
  clearInterval(sampler)
  // the run is over: whatever still carries its marker 2 s later was left behind (a process ending as the kit exits
  // is given that long to go; the table waits no longer than it must)
  let left = marked(marker)
  for (const until = performance.now() + 2_000; left.length > 0 && performance.now() < until; left = marked(marker)) await new Promise((r) => setTimeout(r, 50))
  for (const p of left) process.kill(p.pid, 'SIGKILL')
  const tempLeft = readdirSync(tmp).length
  let verdicts = ''
  try {
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { runs: Array<{ verdict: string }>; interrupted?: boolean }
    const counts = new Map<string, number>()
    for (const r of results.runs) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1)
    verdicts = [...counts].map(([v, n]) => `${n} ${v}`).join(', ') + (results.interrupted ? ' (interrupted)' : '')
  } catch {
    verdicts = 'no reports'
  }
  rmSync(dir, { recursive: true, force: true })
  const firstLine = output.split('\n').find((l) => /error|expected|interrupted|contract-kit:/i.test(l))?.trim().slice(0, 160) ?? ''
  const verdictOk = hostile.verdict === undefined || (verdicts !== 'no reports' && verdicts.split(', ').every((v) => v.endsWith(hostile.verdict!)))
  // an interrupted run writes whole reports that say so (one Ctrl-C, even when npm passes it on too)
  const reportsOk = hostile.interrupt === undefined || verdicts.endsWith('(interrupted)')
  const stopMs = signalled === undefined ? undefined : ended - signalled
  return {
    name: hostile.name,
    exit,
    verdicts,
    wallMs: ended - started,
    ...(stopMs !== undefined ? { stopMs } : {}),
    kitPeakMiB: peakKiB / 1024,
    largestMiB: largestKiB / 1024,
    processesLeft: left.length,
    tempLeft,
    firstLine,
    ok: exit === hostile.exit && verdictOk && reportsOk && left.length === 0 && tempLeft === 0 && largestKiB / 1024 < 512 && (stopMs === undefined || stopMs < 5_000),
  }
}

/** The table's Markdown. */
function table(rows: readonly Measured[]): string {
  const lines = ['| case | exit | verdicts | wall | kit peak RSS: all its processes (the largest) | processes left | temp folders left | ok |', '| --- | --- | --- | --- | --- | --- | --- | --- |']
  for (const r of rows) {
    const wall = `${(r.wallMs / 1000).toFixed(1)} s${r.stopMs !== undefined ? ` (stopped ${(r.stopMs / 1000).toFixed(2)} s after the signal)` : ''}`
    lines.push(`| ${r.name} | ${r.exit} | ${r.verdicts} | ${wall} | ${Math.round(r.kitPeakMiB)} MiB (${Math.round(r.largestMiB)} MiB) | ${r.processesLeft} | ${r.tempLeft} | ${r.ok ? '✓' : '✗'} |`)
  }
  return lines.join('\n')
}

/**
 * `npm run hostile [-- --only <text>]`: runs every hostile case as a user would (the compiled CLI, a whole process, its
 * own TMPDIR and an environment marker every process it starts inherits), and prints a table: exit code, verdicts,
 * wall time, the kit's peak resident memory (the CLI and vitest's workers summed, and the largest of them, sampled
 * every 25 ms; a case passes while each stays under 512 MiB), processes
 * still carrying the marker after the run, and what is left in its TMPDIR. Writes `reports/hostile.md`. Exit 1 if a
 * case did not end as it must. Linux only (it reads /proc).
 */
async function main(): Promise<number> {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
  const rows: Measured[] = []
  for (const hostile of hostileCases) {
    if (only && !hostile.name.includes(only)) continue
    process.stderr.write(`hostile: ${hostile.name}…\n`)
    const row = await measure(hostile)
    if (!row.ok) process.stderr.write(`  not as it must end: exit ${row.exit}, ${row.verdicts}; ${row.firstLine}\n`)
    rows.push(row)
  }
  const text = table(rows)
  process.stdout.write(`${text}\n`)
  const out = resolve(packageRoot, 'reports')
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'hostile.md'), `${text}\n`)
  return rows.every((r) => r.ok) ? 0 : 1
}

process.exitCode = await main()
