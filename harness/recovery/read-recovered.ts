import { quoted } from '#harness/contracts/text-difference.ts'
import type { RecoveryFinding } from '#harness/recovery/recovery-finding.ts'
import { parseRecoveryCommand } from '#harness/recovery/parse-recovery-command.ts'
import { resolveInGrant } from '#harness/recovery/resolve-in-grant.ts'
import { readLeftFile } from '#harness/drivers/read-left-file.ts'

/** The largest spill file the kit reads back (64 MiB): a larger one is refused unread. */
const spillReadLimit = 64 * 1024 * 1024

/** One chunk the kit read back: the lines `from` to `to` (1-based, inclusive) and their size in bytes. */
export interface RecoveredChunk {
  from: number
  to: number
  bytes: number
}

/** What reading a recovery command back gave: the text from its first line to the end and the chunks, or a finding. */
export type RecoveryRead = { ok: true; text: string; chunks: RecoveredChunk[] } | { ok: false; finding: RecoveryFinding }

/**
 * Reads a system's recovery command back the safe way, never running it: parses it (`sed -n 'A,Bp' <path>` only),
 * resolves the path inside the grant `folder`, then reads the file itself — a regular file with one link, at most 64 MiB,
 * never a symlink followed or a pipe waited on (`readLeftFile`) — in chunks of
 * the command's width (at most 240 lines) — `A,Bp`, then the next range, and so on to the end. From line 1 the text
 * equals the file byte for byte, a final line without a newline included. Every refusal quotes the command as given.
 */
export async function readRecovered(command: string, folder: string): Promise<RecoveryRead> {
  const parsed = parseRecoveryCommand(command)
  if (!parsed.ok) return parsed
  const { from, to, path } = parsed.command
  const refuse = (reason: string): RecoveryRead => ({ ok: false, finding: { kind: 'refused', reason, quoted: command } })
  const resolved = await resolveInGrant(path, folder)
  if (!resolved.ok) return refuse(`${resolved.finding.reason}: ${quoted(path, Infinity)}`)
  // a regular file with one link only, opened without following a symlink or waiting on a pipe, at most 64 MiB
  const left = readLeftFile(resolved.path, { limit: spillReadLimit, whole: true })
  if (!left.ok) return refuse(`the path is ${left.reason}: ${quoted(path, Infinity)}`)
  const data = left.bytes
  const lines = splitLines(data)
  const width = to - from + 1
  const parts: Buffer[] = []
  const chunks: RecoveredChunk[] = []
  for (let start = from; start <= lines.length; start += width) {
    const slice = lines.slice(start - 1, start - 1 + width)
    const bytes = slice.reduce((sum, line) => sum + line.length, 0)
    parts.push(...slice)
    chunks.push({ from: start, to: start - 1 + slice.length, bytes })
  }
  return { ok: true, text: Buffer.concat(parts).toString('utf8'), chunks }
}

/** The lines of a file as sed sees them, each with its newline (the last one may have none). */
function splitLines(data: Buffer): Buffer[] {
  const lines: Buffer[] = []
  let start = 0
  while (start < data.length) {
    const nl = data.indexOf(0x0a, start)
    const end = nl === -1 ? data.length : nl + 1
    lines.push(data.subarray(start, end))
    start = end
  }
  return lines
}
