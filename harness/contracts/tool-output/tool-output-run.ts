import type { ToolOutputHistory } from '#harness/history/history.ts'
import type { CapUnit, Remedy, ToolOutputResult } from '#harness/ports/tool-output-port.ts'
import type { RecoveredChunk } from '#harness/recovery/read-recovered.ts'

/** What the kit found in the sandbox after the tool answered: the granted folder, what changed outside it, and how much it watched. */
export interface SandboxSeen {
  folder: string | null
  /** Paths (relative to the sandbox root) created, changed or removed outside the grant. */
  changedOutside: string[]
  /** How many paths outside the grant the kit compared before and after (absent in older Histories). */
  watchedOutside?: number
  /** The variables (HOME, TMPDIR, XDG_*) a tool process of its own had pointed at folders the kit watched (over stdio; absent in process and in older Histories). */
  watched?: string[]
  /** Each file the tool wrote in those folders, by variable and path, and whether it holds a piece of the output (a copy). */
  watchedWrites?: Array<{ where: string; path: string; copy: boolean; refused?: string }>
}

/** How the tool answered `tool-output.run`: a result, an error that reached the caller, or nothing recorded. */
export type ToolOutputAnswer = { kind: 'result'; result: ToolOutputResult } | { kind: 'error'; error: string } | { kind: 'none' }

/** A tool-output run as the contracts read it from its History; what the History lacks is left undefined. */
export interface ToolOutputRun {
  cap: { unit: CapUnit; max: number }
  spill: 'granted' | 'none' | 'failing' | 'no-grant'
  /** The whole output the kit handed the tool, its size in the cap's unit and in UTF-8 bytes, when the kit recorded it. */
  output?: { text: string; size: number; bytes: number }
  answer: ToolOutputAnswer
  /** The sandbox as the kit scanned it after the call, when it did. */
  sandbox?: SandboxSeen
  /** Each offered remedy the kit ran, and the size (in the cap's unit) of the output it gave. */
  remedies: Array<{ remedy: Remedy; size: number }>
  /** What reading the recovery command back gave, when the kit read one; `text`, what it read, only where that is not the output (absent in older Histories). */
  recovery?: RecoveryRead
  /** The runs after the first in the same sandbox (a scenario's `runs`), in order: each one's output, answer, and recovery read back after the last run. */
  later: LaterRun[]
}

/** What reading a recovery command back gave: the chunks and whether the text is the output (`text`, what was read, only where it is not), or the finding that refused it. */
export type RecoveryRead = { ok: true; matches: boolean; bytes: number; chunks: RecoveredChunk[]; text?: string } | { ok: false; finding: { reason: string; quoted: string } }

/** A run after the first, in the same sandbox: its number (from 2), the output it was handed, its answer, and its recovery command read back after the last run. */
export interface LaterRun {
  run: number
  output?: { text: string; size: number; bytes: number }
  answer: ToolOutputAnswer
  recovery?: RecoveryRead
}

/** Reads a tool-output History: the setting from `given`, the output, answer, sandbox, remedies and recovery from its events. */
export function toolOutputRun(history: ToolOutputHistory): ToolOutputRun {
  const notes = (what: string) => history.events.flatMap((e) => (e.type === 'note' && e.what === what && isRecord(e.value) ? [e.value] : []))
  const given = (history.given ?? {}) as { cap?: { unit: CapUnit; max: number }; spill?: ToolOutputRun['spill'] }
  const snapshot = notes('snapshot')[0]
  const sandbox = notes('sandbox')[0]
  const recoveries = notes('recovery')
  const recovery = recoveries.find((r) => r.run === undefined)
  const answers = answersOf(history)
  const later = notes('run').map((r, i): LaterRun => {
    const read = recoveries.find((x) => x.run === r.run)
    return {
      run: r.run as number,
      ...(typeof r.text === 'string' && typeof r.size === 'number' && typeof r.bytes === 'number' ? { output: { text: r.text, size: r.size, bytes: r.bytes } } : {}),
      answer: answers[i + 1] ?? { kind: 'none' },
      ...(read ? { recovery: read as RecoveryRead } : {}),
    }
  })
  return {
    cap: given.cap ?? { unit: 'runes', max: 0 },
    spill: given.spill ?? 'granted',
    ...(snapshot && typeof snapshot.text === 'string' && typeof snapshot.size === 'number'
      ? { output: { text: snapshot.text, size: snapshot.size, bytes: typeof snapshot.bytes === 'number' ? snapshot.bytes : Buffer.byteLength(snapshot.text, 'utf8') } }
      : {}),
    answer: answers[0] ?? { kind: 'none' },
    ...(sandbox
      ? {
          sandbox: {
            folder: (sandbox.folder as string | null) ?? null,
            changedOutside: (sandbox.changedOutside as string[]) ?? [],
            ...(typeof sandbox.watchedOutside === 'number' ? { watchedOutside: sandbox.watchedOutside } : {}),
            ...(Array.isArray(sandbox.watched) ? { watched: sandbox.watched as string[] } : {}),
            ...(Array.isArray(sandbox.watchedWrites) ? { watchedWrites: sandbox.watchedWrites as NonNullable<SandboxSeen['watchedWrites']> } : {}),
          },
        }
      : {}),
    remedies: notes('remedy') as ToolOutputRun['remedies'],
    ...(recovery ? { recovery: recovery as RecoveryRead } : {}),
    later,
  }
}

/** The answer to each `tool-output.run` call, in the order the calls were made. */
function answersOf(history: ToolOutputHistory): ToolOutputAnswer[] {
  const answers: ToolOutputAnswer[] = []
  for (const e of history.events) {
    if ((e.type !== 'ok' && e.type !== 'fail' && e.type !== 'info') || e.f !== 'tool-output.run') continue
    if (e.type === 'ok' && isRecord(e.value) && typeof e.value.inline === 'string') answers.push({ kind: 'result', result: e.value as unknown as ToolOutputResult })
    else if (e.type === 'fail') answers.push({ kind: 'error', error: e.error?.message ?? 'an error without a message' })
    else answers.push({ kind: 'none' })
  }
  return answers
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
