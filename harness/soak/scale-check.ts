import type { ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { constants, tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { stdioSuffix } from '#harness/adapters/index.ts'
import { loadShippedSystems, portNames, portOfBundled } from '#harness/adapters/shipped-systems.ts'
import type { PortName } from '#harness/adapters/adapter.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { echoMs } from '#harness/cli/watch-signals.ts'
import { scaleDiff, scaleDiffText, scaleLine, scaleText } from '#harness/soak/scale-diff.ts'
import type { ScaleJob, ScaleResults } from '#harness/soak/scale-diff.ts'
import { parseTimeScale } from '#harness/timing/time-scale.ts'
import { readKitResults, startKitRun } from '#harness/soak/start-kit-run.ts'

const usage = 'usage: npm run scale-check -- [--scales 1,2,4] [--port PORT]... [--keep DIR]'

/** What the check was asked for: the scales, the ports, the adapters that replace the ports' systems (for the kit's tests), and where a failing check's reports go. */
interface ScaleCheckOptions {
  scales: number[]
  ports: PortName[]
  adapters?: string[]
  keep: string
}


/** The check's flags; a bad one is a one-line UsageError naming it. `--adapter NAME` (repeatable, not in the usage: for trying the check) replaces the ports' systems. */
function parseScaleCheckArgs(argv: readonly string[]): ScaleCheckOptions | 'help' {
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], options: { scales: { type: 'string' }, port: { type: 'string', multiple: true }, adapter: { type: 'string', multiple: true }, keep: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false, tokens: true })
  } catch (error) {
    throw new UsageError(`${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.split('. ')[0]} (${usage})`)
  }
  const seen = new Set<string>()
  for (const token of parsed.tokens) {
    if (token.kind !== 'option' || token.name === 'port' || token.name === 'adapter') continue
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given twice: it takes one value`)
    seen.add(token.name)
  }
  const { values } = parsed
  if (values.help) return 'help'
  const scales = (values.scales ?? '1,2,4').split(',').map((text) => parseTimeScale('--scales', text.trim()))
  if (new Set(scales).size !== scales.length) throw new UsageError(`--scales: a scale is given twice in ${JSON.stringify(values.scales)}`)
  if (scales.length < 2) throw new UsageError(`--scales: expected at least two scales to compare, separated by commas, got ${JSON.stringify(values.scales)}`)
  const known = portNames
  for (const port of values.port ?? []) if (!known.includes(port as PortName)) throw new UsageError(`--port ${JSON.stringify(port)}: expected one of ${known.join(', ')}`)
  const adapters = values.adapter
  for (const name of adapters ?? []) {
    if (values.port && !values.port.includes(portOfBundled(name))) throw new UsageError(`--adapter ${JSON.stringify(name)}: not a system of the ports given with --port (${values.port.join(', ')})`)
  }
  const ports = values.port ? [...new Set(values.port as PortName[])] : adapters ? [...new Set(adapters.map(portOfBundled))].filter((p) => known.includes(p)) : [...known]
  if (values.keep === '') throw new UsageError('--keep: expected a folder, got ""')
  return { scales, ports, ...(adapters ? { adapters } : {}), keep: values.keep ?? 'reports/scale-check' }
}

/** Every system the kit ships for the ports, bundled and mutants, as `--adapter` names them: in process, an agent log over stdio (where the kit can kill it). */
async function systemsOf(ports: readonly PortName[]): Promise<string[]> {
  const { bundled, mutants } = await loadShippedSystems(ports)
  const names = [...Object.keys(bundled).sort(), ...Object.keys(mutants).sort()].filter((name) => ports.includes(portOfBundled(name)))
  return names.map((name) => (portOfBundled(name) === 'agent-log' ? name + stdioSuffix : name))
}



function say(text: string): void {
  process.stderr.write(`${text}\n`)
}

/** A folder as the user gave it, relative to where the check runs when it is below it. */
function shown(folder: string): string {
  const path = relative(process.cwd(), folder)
  return path.startsWith('..') ? folder : path
}

/**
 * `npm run scale-check [-- --scales 1,2,4] [--port PORT]... [--keep DIR]`: runs, at each scale, one `contract-kit run
 * --no-expectations --time-scale S` of every system the kit ships for the ports (default every port: the bundled ones
 * and the mutants) on every bundled scenario of those ports, prints a line per scale as it ends, then compares the
 * runs across scales (scale-diff.ts). Exit 1 if any run's verdict or any of its contracts' differs between scales, a
 * run is missing at one, or a kit run exited 2 or wrote no results; 0 otherwise; 2 on bad usage; 130/143/129 when
 * interrupted. A failing check keeps each scale's reports in `<keep>/scale-<S>`; every temporary folder is removed.
 */
async function main(argv: readonly string[]): Promise<number> {
  let options: ScaleCheckOptions | 'help'
  try {
    options = parseScaleCheckArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    say(`scale-check: ${error.message}`)
    return 2
  }
  if (options === 'help') {
    process.stdout.write(`${usage}\n`)
    return 0
  }
  const { scales, ports } = options
  const adapters = options.adapters ?? (await systemsOf(ports))
  const keep = resolve(options.keep)
  const temp = mkdtempSync(join(tmpdir(), 'contract-kit-scale-check-'))
  let current: ChildProcess | undefined
  let interruptedBy: NodeJS.Signals | undefined
  let firstAt = 0
  const onSignal = (signal: NodeJS.Signals) => {
    // npm passes a Ctrl-C on to the check as well as the terminal: the same signal this soon is that one, twice
    if (interruptedBy === signal && performance.now() - firstAt < echoMs) return
    if (!interruptedBy) {
      interruptedBy = signal
      firstAt = performance.now()
      say(`scale-check: interrupted by ${signal}: stopping the kit run running (the signal again stops it at once)`)
    }
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal)
  }
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']
  for (const signal of signals) process.on(signal, onSignal)
  const jobs: ScaleJob[] = []
  let text: string
  let exit: number
  try {
    if (existsSync(keep)) for (const name of readdirSync(keep)) if (/^scale-[\d.]+$/.test(name)) rmSync(join(keep, name), { recursive: true, force: true })
    say(`scale-check: ${adapters.length} system${adapters.length === 1 ? '' : 's'} of ${ports.join(', ')} on their bundled scenarios, at scales ${scales.map(scaleText).join(', ')}`)
    for (const scale of scales) {
      if (interruptedBy) break
      const out = join(temp, `scale-${scaleText(scale)}`)
      const started = performance.now()
      const { child, ended } = startKitRun(['run', '--no-expectations', '--time-scale', scaleText(scale), '--out', out, ...adapters.flatMap((a) => ['--adapter', a])])
      current = child
      const end = await ended
      current = undefined
      const seconds = (performance.now() - started) / 1000
      if (interruptedBy) {
        say(`scale ${scaleText(scale)}: stopped by ${interruptedBy} after ${Math.round(seconds)} s: not compared`)
        break
      }
      const results = readKitResults<ScaleResults>(out, (r) => Array.isArray(r?.runs))
      const job: ScaleJob = { scale, exit: end.exit, ...(end.signal ? { signal: end.signal } : {}), ...(results ? { results } : {}), ...(end.lastLine ? { lastLine: end.lastLine } : {}), seconds }
      jobs.push(job)
      say(scaleLine(job))
      if (end.lastLine) say(`  ${end.lastLine}`)
      if (end.exit === 2 && !results) {
        // the kit refused its command line (an --adapter it does not know): every other scale would be refused the same way
        say('scale-check: contract-kit run refused its command line: no more scales')
        break
      }
    }
    const diff = scaleDiff(jobs, ports)
    text = scaleDiffText(diff, interruptedBy)
    exit = interruptedBy ? 128 + constants.signals[interruptedBy] : diff.exit
    if (!interruptedBy && diff.exit !== 0) {
      const kept = jobs.map((job) => `scale-${scaleText(job.scale)}`).filter((name) => existsSync(join(temp, name)))
      for (const name of kept) {
        mkdirSync(keep, { recursive: true })
        cpSync(join(temp, name), join(keep, name), { recursive: true })
      }
      if (kept.length > 0) say(`scale-check: the reports of each scale are kept in ${shown(keep)} (${kept.join(', ')})`)
    }
  } finally {
    // only when the check itself failed mid-run: the kit and whatever it started in its process group
    if (current?.pid !== undefined && current.exitCode === null && current.signalCode === null) process.kill(-current.pid, 'SIGKILL')
    rmSync(temp, { recursive: true, force: true })
  }
  process.stdout.write(`${text}\n`)
  return exit
}

process.exit(await main(process.argv.slice(2)))
