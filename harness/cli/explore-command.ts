import { randomInt } from 'node:crypto'
import type { CommandStop } from '#harness/cli/stop-on-signal.ts'
import { relative } from 'node:path'
import type { PortName } from '#harness/adapters/adapter.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems, mayNameShippedSystem, portsNamedBy } from '#harness/adapters/shipped-systems.ts'
import { resultLine } from '#harness/contracts/contract.ts'
import { parseFlags } from '#harness/cli/select-run.ts'
import { decimalFlag } from '#harness/cli/decimal-flag.ts'
import { checkOutDir } from '#harness/cli/check-out-dir.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { declaredPorts } from '#harness/cli/run-command.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import type { Exploration, FoundCase } from '#harness/explore/explore-port.ts'
import { foundScenarioFile } from '#harness/explore/found-scenario.ts'
import { writeReports } from '#harness/reporters/write-reports.ts'
import type { ExplorationEntry } from '#harness/reporters/run-results.ts'
import { writeFileAtomic } from '#harness/reporters/write-file-atomic.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { shellWord } from '#harness/runner/shell-word.ts'
import { terminalText } from '#harness/reporters/terminal-text.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'

const ports: readonly PortName[] = ['pager', 'session-client', 'snapshotter', 'tool-output', 'agent-log']

/** The defaults of `explore`: cases per port and adapter, a time budget, where found cases and reports go. */
export const exploreDefaults = { runs: 100, maxSeconds: 300, save: 'scenarios/found', out: 'reports' } as const

/**
 * `contract-kit explore`: generates scenarios of each port an adapter offers (or `--port`), runs them against it and,
 * on a case that does not hold, shrinks it and saves it as a scenario file (`--save`), prints its `Reproduce with:`
 * line and exits 1; exit 0 when nothing is found within the budget, 2 for bad usage. Reports go to `--out`, with each
 * exploration's seed and cases in results.json.
 */
export async function exploreCommand(args: string[], stop?: CommandStop): Promise<number> {
  const { values } = parseFlags({
    args,
    options: {
      adapter: { type: 'string', multiple: true },
      port: { type: 'string' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      'max-seconds': { type: 'string' },
      save: { type: 'string', default: exploreDefaults.save },
      out: { type: 'string', default: exploreDefaults.out },
    },
    allowPositionals: false,
    strict: true,
  })
  if (!values.adapter?.length) throw new UsageError('explore: expected --adapter NAME (a bundled system, a mutant, stdio:<command line> or command:<template>)')
  if (values.port !== undefined && !ports.includes(values.port as PortName)) throw new UsageError(`--port: expected one of ${ports.join(', ')}, got ${JSON.stringify(values.port)}`)
  const runs = wholeNumber('--runs', values.runs, exploreDefaults.runs, 1)
  const seed = wholeNumber('--seed', values.seed, randomInt(2 ** 31), 0)
  const maxSeconds = wholeNumber('--max-seconds', values['max-seconds'], exploreDefaults.maxSeconds, 1)
  checkOutDir('--out', values.out)
  stop?.claim(values.out)
  if (values.adapter.some(mayNameShippedSystem)) await loadShippedSystems(portsNamedBy(values.adapter))
  const adapters = values.adapter.map((name) => ({ name, adapter: resolveAdapter(name) }))
  const explorations: ExplorationEntry[] = []
  const outcomes: RunOutcome[] = []
  for (const { name, adapter } of adapters) {
    const offered = (await declaredPorts(name, undefined)).ports as PortName[] | undefined
    const chosen = values.port !== undefined ? [values.port as PortName] : (offered ?? [])
    if (chosen.length === 0) throw new UsageError(`${name}: cannot tell which port to explore (its handshake failed): give --port`)
    if (offered && values.port !== undefined && !offered.includes(values.port as PortName)) throw new UsageError(`${name} does not offer the ${values.port} port (it offers: ${offered.join(', ')})`)
    for (const port of chosen) {
      const progress = progressLine(name, port, runs, seed, maxSeconds)
      const exploration = await explorePort({ adapter, port, runs, seed, maxSeconds, onCase: progress.update })
      progress.end()
      const entry = report(exploration, values.save)
      explorations.push(entry.exploration)
      if (entry.outcome) outcomes.push(entry.outcome)
    }
  }
  await closeKitSnapshotter() // a tool-output case may have launched the kit's Chromium
  const results = writeReports(values.out, outcomes, [], explorations)
  console.log(`reports: ${relative(process.cwd(), values.out) || '.'}/results.json, junit.xml, summary.md, matrix.html`)
  return results.explorations?.some((e) => e.found) ? 1 : 0
}

/** Prints what one exploration ran and found, saves the found case's scenario file, and returns its results.json entry and run. */
function report(exploration: Exploration, saveDir: string): { exploration: ExplorationEntry; outcome?: RunOutcome } {
  const { adapter, port, seed, runs, cases, interrupted } = exploration
  const base: ExplorationEntry = { adapter, port, seed, runs, cases, interrupted }
  const budget = `${cases} case${cases === 1 ? '' : 's'}${interrupted ? ' (time budget reached)' : ''}, seed ${seed}`
  if (!exploration.found) {
    console.log(`explore ${adapter} (${port}): nothing found in ${budget}`)
    return { exploration: base }
  }
  const found = exploration.found as FoundCase
  if (found.reproducesAlone === false) return notAlone(exploration, found, base)
  const file = foundScenarioFile({ ...exploration, found }, saveDir, shellWord)
  writeFileAtomic(file.path, file.text)
  const shown = relative(process.cwd(), file.path)
  const outcome: RunOutcome = { ...found.outcome, scenario: file.id, reproduce: file.reproduce, ...(found.outcome.history ? { history: { ...found.outcome.history, scenario: file.id } } : {}) }
  const shrunk = `shrunk ${found.shrinks} time${found.shrinks === 1 ? '' : 's'} (${cases} case${cases === 1 ? '' : 's'} run in all)`
  console.log(`explore ${adapter} (${port}): found a case that is ${outcome.verdict} at case ${found.at} of ${runs}, seed ${seed}, ${shrunk}`)
  for (const c of outcome.contracts) if (c.verdict === 'broken') console.log(`  ${c.id} broken: ${terminalText(c.message)}\n    witness: ${terminalText(JSON.stringify(c.witness) ?? 'none')}`)
  if (outcome.error) console.log(`  ${outcome.verdict}: ${terminalText(outcome.error.message.split('\n')[0] ?? '')}`)
  for (const c of outcome.contracts) if (c.exercised && (c.verdict === 'unknown' || c.verdict === 'not-applicable') && !outcome.error) console.log(`  ${c.id} ${c.verdict}: ${terminalText(resultLine(c))}`)
  console.log(`  scenario: ${shown}`)
  console.log(`Reproduce with: ${file.reproduce}`)
  return { exploration: { ...base, found: { file: shown, scenario: file.id, reproduce: file.reproduce } }, outcome }
}

/**
 * Prints a case that failed only after the cases before it in the same process and held when replayed alone: no file
 * of it would reproduce, so none is saved; the command that explores up to it again is given instead.
 */
function notAlone(exploration: Exploration, found: FoundCase, base: ExplorationEntry): { exploration: ExplorationEntry } {
  const { adapter, port, seed, runs } = exploration
  const again = ['npx contract-kit explore --adapter', shellWord(adapter), '--port', port, '--seed', String(seed), '--runs', String(found.at)].join(' ')
  console.log(`explore ${adapter} (${port}): found a case that is ${found.outcome.verdict} at case ${found.at} of ${runs}, seed ${seed}, but held when replayed alone: it fails only after the cases before it in the same process (state kept from one setup to the next); no scenario file would reproduce it, so none is saved`)
  for (const c of found.outcome.contracts) if (c.verdict === 'broken') console.log(`  ${c.id} broken (among the cases before it): ${terminalText(c.message)}`)
  if (found.outcome.error) console.log(`  ${found.outcome.verdict} (among the cases before it): ${terminalText(found.outcome.error.message.split('\n')[0] ?? '')}`)
  console.log(`Explore it again with: ${again}`)
  return { exploration: { ...base, found: { alone: 'held', at: found.at, reproduce: again } } }
}

/** A progress line on a terminal (stderr): cases run, time left and the seed, rewritten after every case; nothing when stderr is not a terminal. */
function progressLine(adapter: string, port: string, runs: number, seed: number, maxSeconds: number): { update(cases: number): void; end(): void } {
  if (!process.stderr.isTTY) return { update() {}, end() {} }
  const started = performance.now()
  let shown = false
  return {
    update(cases) {
      const left = Math.max(0, Math.round(maxSeconds - (performance.now() - started) / 1000))
      process.stderr.write(`\rexplore ${adapter} (${port}): ${cases} case${cases === 1 ? '' : 's'} of ${runs}, ${left} s left, seed ${seed}\x1b[K`)
      shown = true
    },
    end() {
      if (shown) process.stderr.write('\r\x1b[K')
    },
  }
}

function wholeNumber(flag: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback
  return decimalFlag(flag, text, { min, max: 2 ** 31 - 1 })
}
