import { parse } from 'shell-quote'
import { quoted } from '#harness/contracts/text-difference.ts'
import type { RecoveryFinding } from '#harness/recovery/recovery-finding.ts'

/** The most lines one recovery command may print (`sed -n 'A,Bp'` with B − A + 1 at most this). */
export const maxRecoveryLines = 240

/** A recovery command the kit accepts: print lines `from` to `to` (1-based, inclusive) of the file at `path`. */
export interface RecoveryCommand {
  from: number
  to: number
  path: string
}

const range = /^([1-9][0-9]*),([1-9][0-9]*)p$/
/** Raw characters refused anywhere, quoted or not: substitution and expansion starters, line breaks and other controls. */
const refusedRaw = /[`$\u0000-\u001f\u007f]/
/** Path characters the kit will not guess a shell's reading of (tilde and brace expansion), refused even when quoted. */
const refusedInPath = /^~|[{}]/

/**
 * Parses a recovery command without any shell: ONLY `sed -n 'A,Bp' <path>` (the range single-, double- or unquoted;
 * the path bare or in single or double quotes) with 1 ≤ A ≤ B and B − A + 1 ≤ 240 is accepted. Anything else —
 * operators (`;`, `&&`, `|`, redirections), globs, comments, `$…` and backquote substitutions, extra arguments,
 * another program — is a finding quoting the command as given. Tokenized by shell-quote's `parse`.
 */
export function parseRecoveryCommand(command: string): { ok: true; command: RecoveryCommand } | { ok: false; finding: RecoveryFinding } {
  const refuse = (reason: string) => ({ ok: false as const, finding: { kind: 'refused' as const, reason, quoted: command } })
  if (typeof command !== 'string') return refuse('the recovery command is not a string')
  const raw = refusedRaw.exec(command)
  if (raw) return refuse(`the command holds ${quoted(raw[0], Infinity)}: substitution, expansion or a line break`)
  const open = unterminatedQuote(command)
  if (open) return refuse(`the command holds an unterminated ${open.quote === "'" ? 'single' : 'double'} quote, opened at character ${open.at + 1}: ${quoted(command.slice(open.at), 60)} (a ${open.quote} inside a path must itself be quoted: '\\'' in single quotes)`)
  let tokens: unknown[]
  try {
    tokens = parse(command, (name: string) => ({ substitution: name }))
  } catch (error) {
    return refuse(`the command cannot be tokenized (${(error as Error).message})`)
  }
  const special = tokens.find((t) => typeof t !== 'string')
  if (special !== undefined) return refuse(`the command holds a shell ${describeToken(special)}`)
  const words = tokens as string[]
  if (words[0] !== 'sed') return refuse(`the program is ${quoted(words[0] ?? '', Infinity)}, not sed`)
  if (words[1] !== '-n') return refuse('sed is not run as `sed -n`')
  const match = range.exec(words[2] ?? '')
  if (!match) return refuse(`the sed script ${quoted(words[2] ?? '', Infinity)} is not a line range 'A,Bp'`)
  if (words.length !== 4) return refuse(`sed must get exactly one path argument, got ${Math.max(0, words.length - 3)}`)
  const from = Number(match[1])
  const to = Number(match[2])
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from > to) return refuse(`the range ${from},${to} is not 1 ≤ A ≤ B`)
  if (to - from + 1 > maxRecoveryLines) return refuse(`the range ${from},${to} is ${to - from + 1} lines, more than ${maxRecoveryLines}`)
  const path = words[3]
  if (path === '' || path.startsWith('-')) return refuse(`the path ${quoted(path, Infinity)} is empty or reads as an option`)
  if (refusedInPath.test(path)) return refuse(`the path ${quoted(path, Infinity)} holds tilde or brace expansion`)
  return { ok: true, command: { from, to, path } }
}

/** The quote a shell would still be inside at the command's end (single, double, or a trailing backslash's escape aside), with where it opened, or undefined. */
export function unterminatedQuote(command: string): { quote: "'" | '"'; at: number } | undefined {
  let open: { quote: "'" | '"'; at: number } | undefined
  for (let i = 0; i < command.length; i++) {
    const c = command[i]
    if (open?.quote === "'") {
      if (c === "'") open = undefined
    } else if (c === '\\') i++ // escapes the next character, outside quotes and inside double quotes alike
    else if (open?.quote === '"') {
      if (c === '"') open = undefined
    } else if (c === "'" || c === '"') open = { quote: c, at: i }
  }
  return open
}

function describeToken(token: unknown): string {
  const t = token as { op?: string; pattern?: string; comment?: string; substitution?: string }
  if (t.op === 'glob') return `glob ${quoted(t.pattern ?? '', Infinity)}`
  if (t.op !== undefined) return `operator ${quoted(t.op, Infinity)}`
  if (t.comment !== undefined) return 'comment'
  return 'substitution'
}
