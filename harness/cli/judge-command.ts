import { readFileSync } from 'node:fs'
import type { History } from '#harness/history/history.ts'
import { historyFormat } from '#harness/history/history.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { passingVerdicts } from '#harness/expectations/decide-verdict.ts'
import { resultLine } from '#harness/contracts/contract.ts'
import { parseFlags } from '#harness/cli/select-run.ts'
import { terminalText } from '#harness/reporters/terminal-text.ts'
import { UsageError } from '#harness/cli/usage-error.ts'

/**
 * `contract-kit judge HISTORY_FILE`: judges a saved History again, offline, the way `run` judged it (the same
 * function, the known-failing entries the run had): the verdict and each contract's result, exit 0 when the verdict
 * passes (held, expected-broken), 1 otherwise, 2 for a bad file.
 */
export async function judgeCommand(args: string[]): Promise<number> {
  const { positionals } = parseFlags({ args, options: {}, allowPositionals: true, strict: true })
  if (positionals.length !== 1) throw new UsageError('judge: expected exactly one HISTORY_FILE (a History from reports/histories/)')
  const file = positionals[0]
  const history = readHistory(file)
  const judgement = judgeHistory(history)
  // the History's durations are those given at its time scale: the bounds judged are derived from them
  const scale = (history.timeScale ?? 1) === 1 ? '' : `, at time scale ${history.timeScale}`
  console.log(`${terminalText(`${history.scenario} on ${history.adapter}`)} (${file}${scale}): ${judgement.verdict}`)
  if (judgement.reason) console.log(`  ${judgement.verdict}: ${judgement.reason.split('\n').map(terminalText).join('\n')}`)
  for (const c of judgement.contracts) {
    const marks = [c.exercised ? 'exercised' : '', c.expectedBy ? `expected by ${c.expectedBy.source}` : ''].filter(Boolean).join(', ')
    console.log(`  ${c.id} ${c.verdict}${marks ? ` (${marks})` : ''}: ${terminalText(resultLine(c))}`)
    if (c.verdict === 'broken') console.log(`    witness: ${terminalText(JSON.stringify(c.witness) ?? 'none')}`)
  }
  for (const s of judgement.stale) console.log(`  stale known-failing entry ${terminalText(`${s.pattern} (${s.source})`)}: it excuses nothing that broke`)
  return passingVerdicts.has(judgement.verdict) ? 0 : 1
}

function readHistory(file: string): History {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(`judge: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new UsageError(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  const h = value as Partial<Record<string, unknown>>
  if (h?.format === 'contract-kit/history@1') throw new UsageError(`${file}: format: "contract-kit/history@1" was written by an older contract-kit; run the scenario again to get a ${historyFormat} History`)
  if (h?.format !== historyFormat) throw new UsageError(`${file}: format: expected "${historyFormat}", got ${JSON.stringify(h?.format)}`)
  for (const field of ['scenario', 'adapter', 'port', 'oracle', 'exercises', 'observes', 'expectations', 'events']) {
    if (h[field] === undefined) throw new UsageError(`${file}: ${field}: missing, expected a History field`)
  }
  for (const field of ['exercises', 'observes', 'expectations', 'events']) {
    if (!Array.isArray(h[field])) throw new UsageError(`${file}: ${field}: expected a list, got ${JSON.stringify(h[field]).slice(0, 40)}`)
  }
  return h as unknown as History
}
