import type { ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { constants, tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { decimalFlag } from '#harness/cli/decimal-flag.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { echoMs } from '#harness/cli/watch-signals.ts'
import { startBusyLoops } from '#harness/soak/busy-loops.ts'
import { readKitResults, startKitRun } from '#harness/soak/start-kit-run.ts'
import { soakPassed, soakTable } from '#harness/soak/soak-table.ts'
import type { SoakJob, SoakResults } from '#harness/soak/soak-table.ts'

const usage = 'usage: npm run soak -- [--jobs N] [--busy N] [--keep DIR] [-- <flags of contract-kit run>]'

/** What the soak was asked for: how many jobs, how many busy processes beside each, where a failed job's reports go, and the flags passed on to `contract-kit run`. */
interface SoakOptions {
  jobs: number
  busy: number
  keep: string
  run: string[]
}


/** The soak's flags (everything after `--` is passed on to `contract-kit run`); a bad one is a one-line UsageError naming it. */
function parseSoakArgs(argv: readonly string[]): SoakOptions | 'help' {
  const split = argv.indexOf('--')
  const own = split === -1 ? [...argv] : argv.slice(0, split)
  const run = split === -1 ? [] : argv.slice(split + 1)
  let parsed
  try {
    parsed = parseArgs({ args: own, options: { jobs: { type: 'string' }, busy: { type: 'string' }, keep: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false, tokens: true })
  } catch (error) {
    // node's message goes on to explain `--`; its first sentence names the flag
    throw new UsageError(`${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.split('. ')[0]} (${usage})`)
  }
  const seen = new Set<string>()
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given twice: it takes one value`)
    seen.add(token.name)
  }
  const { values } = parsed
  if (values.help) return 'help'
  const jobs = decimalFlag('--jobs', values.jobs ?? '10', { min: 1, max: 10_000 })
  const busy = decimalFlag('--busy', values.busy ?? '2', { min: 0, max: 256, what: 'a number of processes' })
  if (values.keep === '') throw new UsageError('--keep: expected a folder, got ""')
  const out = run.find((a) => a === '--out' || a.startsWith('--out='))
  if (out) throw new UsageError(`${out.split('=')[0]} after --: the soak gives each job a reports folder of its own (a failed job's is kept under --keep)`)
  return { jobs, busy, keep: values.keep ?? 'reports/soak', run }
}



/** Removes the reports folders an earlier soak kept (`job-<i>` in `keep`), so none is left looking like this soak's. */
function clearKept(keep: string): void {
  if (!existsSync(keep)) return
  for (const name of readdirSync(keep)) if (/^job-\d+$/.test(name)) rmSync(join(keep, name), { recursive: true, force: true })
}

function say(text: string): void {
  process.stderr.write(`${text}\n`)
}

/**
 * `npm run soak [-- --jobs N] [--busy N] [--keep DIR] [-- <flags of contract-kit run>]`: runs the kit's default main
 * job N times (default 10) one after another, with N CPU-burning processes beside it (default 2), prints a line per
 * job as it ends, then the table (soak-table.ts). Exit 1 if any run of any job ended `error`, `broken` or
 * `unexpected-held` (or a job wrote no results), 0 otherwise; 2 on bad usage; 130/143/129 when interrupted, after
 * the job running has stopped. A failed job's reports are kept in `<keep>/job-<i>`; every other folder is removed.
 */
async function main(argv: readonly string[]): Promise<number> {
  let options: SoakOptions | 'help'
  try {
    options = parseSoakArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    say(`soak: ${error.message}`)
    return 2
  }
  if (options === 'help') {
    process.stdout.write(`${usage}\n`)
    return 0
  }
  const { jobs: count, busy, run } = options
  const keep = resolve(options.keep)
  const temp = mkdtempSync(join(tmpdir(), 'contract-kit-soak-'))
  let current: ChildProcess | undefined
  let interruptedBy: NodeJS.Signals | undefined
  let firstAt = 0
  let stopBusy = () => {}
  const onSignal = (signal: NodeJS.Signals) => {
    // npm passes a Ctrl-C on to the soak as well as the terminal: the same signal this soon is that one, twice
    if (interruptedBy === signal && performance.now() - firstAt < echoMs) return
    if (!interruptedBy) {
      interruptedBy = signal
      firstAt = performance.now()
      say(`soak: interrupted by ${signal}: stopping the job running (the signal again stops it at once)`)
    }
    stopBusy()
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal)
  }
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']
  for (const signal of signals) process.on(signal, onSignal)
  const jobs: SoakJob[] = []
  let refused = false
  try {
    clearKept(keep)
    stopBusy = startBusyLoops(busy)
    say(`soak: ${count} job${count === 1 ? '' : 's'} of \`contract-kit run${run.length > 0 ? ` ${run.join(' ')}` : ''}\`, ${busy} CPU-burning process${busy === 1 ? '' : 'es'} beside each`)
    for (let i = 1; i <= count && !interruptedBy; i++) {
      const out = join(temp, `job-${i}`)
      const started = performance.now()
      const { child, ended } = startKitRun(['run', '--out', out, ...run])
      current = child
      const end = await ended
      current = undefined
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      if (interruptedBy) {
        say(`job ${i}/${count}: stopped by ${interruptedBy} after ${seconds} s: not counted`)
        break
      }
      const results = readKitResults<SoakResults>(out, (r) => typeof r?.counts === 'object' && r.counts !== null && Array.isArray(r.runs))
      const job: SoakJob = { job: i, exit: end.exit, ...(end.signal ? { signal: end.signal } : {}), ...(results ? { results } : {}), ...(end.lastLine ? { lastLine: end.lastLine } : {}) }
      jobs.push(job)
      let kept = ''
      if ((end.exit !== 0 || !soakPassed([job])) && existsSync(out)) {
        const to = join(keep, `job-${i}`)
        mkdirSync(keep, { recursive: true })
        cpSync(out, to, { recursive: true })
        const shown = relative(process.cwd(), to)
        kept = `; its reports are kept in ${shown.startsWith('..') ? to : shown}`
      }
      rmSync(out, { recursive: true, force: true })
      say(`job ${i}/${count}: exit ${end.exit ?? end.signal ?? '?'}, ${results?.counts.runs ?? 'no'} runs, ${seconds} s${kept}`)
      if (end.lastLine) say(`  ${end.lastLine}`)
      if (end.exit === 2 && !results) {
        // bad usage or input (a flag after --, a scenario or profile file): every other job would be refused the same way
        say('soak: contract-kit run refused its command line: no more jobs')
        refused = true
        break
      }
    }
  } finally {
    stopBusy()
    // only when the soak itself failed mid-job: the job and whatever it started in its process group
    if (current?.pid !== undefined && current.exitCode === null && current.signalCode === null) process.kill(-current.pid, 'SIGKILL')
    rmSync(temp, { recursive: true, force: true })
  }
  if (refused) return 2
  if (interruptedBy) say(`soak: interrupted by ${interruptedBy}: ${jobs.length} of ${count} jobs ran`)
  process.stdout.write(`${soakTable(jobs, interruptedBy)}\n`)
  if (interruptedBy) return 128 + constants.signals[interruptedBy]
  return soakPassed(jobs) ? 0 : 1
}

process.exit(await main(process.argv.slice(2)))
