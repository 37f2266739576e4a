import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import { servedSession } from '#harness/contracts/session/served-session.ts'
import { quoted, textDifference } from '#harness/contracts/text-difference.ts'

/** One line a transcript must hold: exactly this text, or the cut line `[reply cut: <why>]` with any reason on one line. */
export type TranscriptLine = { text: string } | { cutLine: string }

/**
 * One message of the transcript: its lines, or — for a message the view cut — the lines of either form, whole (read
 * whole) or cut (the view's text, then its cut line); which one the client had to print is judged by the contracts of
 * the reply, not by the form. `due` is the form a correct client prints.
 */
export interface TranscriptEntry {
  id: string
  forms: TranscriptLine[][]
  due: number
}

/** The transcript a correct client prints: each message once, in order of first appearance, as `<role>: <text>` (a cut prompt whole or as the view shows it), a reply that stays cut followed by its cut line. */
export function expectedTranscript(run: SessionRun, plan: ReadPlan): { entries: TranscriptEntry[]; lines: number; cut: number } {
  const { script } = servedSession(run.given)
  const latest = new Map<string, (typeof script.frames)[number]['messages'][number]>()
  for (const frame of script.frames) for (const message of frame.messages) latest.set(message.id, message)
  const linesOf = (role: string, text: string): TranscriptLine[] => `${role}: ${text}`.split('\n').map((line) => ({ text: line }))
  const entries: TranscriptEntry[] = []
  for (const message of latest.values()) {
    const whole = linesOf(message.role, script.wholeMessages[message.id]?.text ?? message.text)
    if (!((message.truncatedBytes ?? 0) > 0)) {
      entries.push({ id: message.id, forms: [whole], due: 0 })
      continue
    }
    // a cut message that is no assistant's (a long prompt): the whole text if the client read it whole, else the view's
    // text — with no cut line, which only an assistant message that stays cut gets
    if (message.role !== 'assistant') {
      entries.push({ id: message.id, forms: [whole, linesOf(message.role, message.text)], due: 1 })
      continue
    }
    const cut = [...linesOf(message.role, message.text), { cutLine: message.id }]
    entries.push({ id: message.id, forms: [whole, cut], due: message.id === run.oracle.replyId && plan.wholeReachable ? 0 : 1 })
  }
  const dueLines = entries.flatMap((e) => e.forms[e.due])
  return { entries, lines: dueLines.length, cut: dueLines.filter((l) => 'cutLine' in l).length }
}

const cutLinePattern = /^\[reply cut: [^\n]*\S[^\n]*\]$/

const describe = (line: TranscriptLine) => ('text' in line ? quoted(line.text) : `[reply cut: <why>] after ${line.cutLine}`)
const matches = (line: TranscriptLine, printed: string) => ('text' in line ? printed === line.text : cutLinePattern.test(printed))

/**
 * Where a printed transcript first differs from the expected one, or undefined when it is exactly it: the 1-based line
 * (and column, where a line of text was due and another printed), the byte of stdout (UTF-8, from 0) where it differs,
 * what was due and what was printed there — each a quoted excerpt with every invisible character escaped
 * (`"assistant: \u{FEFF}1"`), or what stood there instead (`nothing more (the end of stdout)`, `[reply cut: <why>] after m-2`).
 */
export function transcriptDifference(stdout: string, entries: TranscriptEntry[]): { line: number; column?: number; byte: number; due: string; printed: string } | undefined {
  const end = Buffer.byteLength(stdout, 'utf8')
  if (stdout !== '' && !stdout.endsWith('\n')) return { line: stdout.split('\n').length, byte: end, due: 'a newline ending the last line', printed: quoted(stdout.slice(-40)) }
  const printed = stdout === '' ? [] : stdout.slice(0, -1).split('\n')
  /** The byte of stdout where a printed line (0-based) starts. */
  const byteOf = (line: number) => (line === 0 ? 0 : Buffer.byteLength(printed.slice(0, line).join('\n'), 'utf8') + 1)
  let at = 0
  for (const entry of entries) {
    const form = entry.forms.find((lines) => lines.every((line, i) => printed[at + i] !== undefined && matches(line, printed[at + i])))
    if (form) {
      at += form.length
      continue
    }
    const due = entry.forms[entry.due]
    const i = due.findIndex((line, k) => printed[at + k] === undefined || !matches(line, printed[at + k]))
    const [dueLine, got] = [due[i], printed[at + i]]
    if (got === undefined) return { line: at + i + 1, byte: end, due: describe(dueLine), printed: 'nothing more (the end of stdout)' }
    if ('text' in dueLine) {
      const difference = textDifference(dueLine.text, got)!
      const side = (excerpt: string | null) => (excerpt === null ? 'the end of the line' : `"${excerpt}"`)
      return { line: at + i + 1, column: difference.column, byte: byteOf(at + i) + difference.byte, due: side(difference.expected), printed: side(difference.got) }
    }
    return { line: at + i + 1, byte: byteOf(at + i), due: describe(dueLine), printed: quoted(got) }
  }
  if (at < printed.length) return { line: at + 1, byte: byteOf(at), due: 'the end of the transcript', printed: quoted(printed[at]) }
  return undefined
}
