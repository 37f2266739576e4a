import { readFileSync } from 'node:fs'
import type { History } from '#harness/history/history.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { parseFlags } from '#harness/cli/select-run.ts'
import { UsageError } from '#harness/cli/usage-error.ts'

/** `contract-kit judge HISTORY_FILE`: judges a saved History again, offline; exit 0 when every contract held, 1 otherwise, 2 for a bad file. */
export async function judgeCommand(args: string[]): Promise<number> {
  const { positionals } = parseFlags({ args, options: {}, allowPositionals: true, strict: true })
  if (positionals.length !== 1) throw new UsageError('judge: expected exactly one HISTORY_FILE (a History from reports/histories/)')
  const file = positionals[0]
  const history = readHistory(file)
  const outcomes = judgeHistory(history)
  console.log(`${history.scenario} on ${history.adapter} (${file})`)
  for (const c of outcomes) {
    const detail = c.verdict === 'broken' ? `: ${c.message}\n    witness: ${JSON.stringify(c.witness)}` : c.verdict === 'unknown' ? `: ${c.reason}` : ''
    console.log(`  ${c.id} ${c.verdict}${detail}`)
  }
  return outcomes.every((c) => c.verdict === 'held') ? 0 : 1
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
  if (h?.format !== 'contract-kit/history@1') throw new UsageError(`${file}: format: expected "contract-kit/history@1", got ${JSON.stringify(h?.format)}`)
  for (const field of ['scenario', 'adapter', 'port', 'oracle', 'contracts', 'events']) {
    if (h[field] === undefined) throw new UsageError(`${file}: ${field}: missing, expected a History field`)
  }
  return h as unknown as History
}
