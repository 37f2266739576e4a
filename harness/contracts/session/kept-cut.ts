import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import { count, markerIn } from '#harness/contracts/session/session-run.ts'
import type { SessionClientResult } from '#harness/ports/session-client-port.ts'

/** How a client kept a reply that cannot be read whole: what is wrong with it (none: the cut text with its marker, said to be cut, exit 0), or what it printed. */
export type KeptCut = { problems: string[] } | { problems: []; printed: string; marker: number; bytes: number }

/**
 * Judges the output of a run whose reply stays cut (an older server, or reads that all fail): a correct client prints
 * the view's cut text with its marker, says the reply is cut (JSON `"replyCut": true`, a `[reply cut: …]` line in a
 * transcript), and exits 0.
 */
export function keptCut(run: SessionRun, result: SessionClientResult): KeptCut {
  const r = run.reply
  const printed = result.stdout.trim() !== ''
  const problems = [
    result.exitCode !== 0 && `exited ${result.exitCode}`,
    !printed && 'printed nothing',
    printed && !r && 'printed no reply',
    printed && r && !r.cut && 'did not print the cut text with its marker',
    printed && r && !r.saysCut && 'did not say the reply is cut',
  ].filter((p): p is string => typeof p === 'string')
  if (problems.length > 0 || !r) return { problems: problems.length > 0 ? problems : ['printed no reply'] }
  const marker = markerIn(r.text)?.bytes ?? run.oracle.replyTruncatedBytes
  const shown =
    run.given.output === 'json'
      ? `${count(r.bytes)}-byte cut reply printed with its [${count(marker)} bytes truncated] marker and "replyCut": true`
      : `${count(r.bytes)}-byte transcript keeps the cut reply with its [${count(marker)} bytes truncated] marker and says it is cut`
  return { problems: [], printed: shown, marker, bytes: r.bytes }
}
