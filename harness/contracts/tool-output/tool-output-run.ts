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
  recovery?: { ok: true; matches: boolean; bytes: number; chunks: RecoveredChunk[]; text?: string } | { ok: false; finding: { reason: string; quoted: string } }
}

/** Reads a tool-output History: the setting from `given`, the output, answer, sandbox, remedies and recovery from its events. */
export function toolOutputRun(history: ToolOutputHistory): ToolOutputRun {
  const notes = (what: string) => history.events.flatMap((e) => (e.type === 'note' && e.what === what && isRecord(e.value) ? [e.value] : []))
  const given = (history.given ?? {}) as { cap?: { unit: CapUnit; max: number }; spill?: ToolOutputRun['spill'] }
  const snapshot = notes('snapshot')[0]
  const sandbox = notes('sandbox')[0]
  const recovery = notes('recovery')[0]
  return {
    cap: given.cap ?? { unit: 'runes', max: 0 },
    spill: given.spill ?? 'granted',
    ...(snapshot && typeof snapshot.text === 'string' && typeof snapshot.size === 'number'
      ? { output: { text: snapshot.text, size: snapshot.size, bytes: typeof snapshot.bytes === 'number' ? snapshot.bytes : Buffer.byteLength(snapshot.text, 'utf8') } }
      : {}),
    answer: answerOf(history),
    ...(sandbox
      ? {
          sandbox: {
            folder: (sandbox.folder as string | null) ?? null,
            changedOutside: (sandbox.changedOutside as string[]) ?? [],
            ...(typeof sandbox.watchedOutside === 'number' ? { watchedOutside: sandbox.watchedOutside } : {}),
          },
        }
      : {}),
    remedies: notes('remedy') as ToolOutputRun['remedies'],
    ...(recovery ? { recovery: recovery as ToolOutputRun['recovery'] } : {}),
  }
}

function answerOf(history: ToolOutputHistory): ToolOutputAnswer {
  for (const e of history.events) {
    if ((e.type !== 'ok' && e.type !== 'fail') || e.f !== 'tool-output.run') continue
    if (e.type === 'ok' && isRecord(e.value) && typeof e.value.inline === 'string') return { kind: 'result', result: e.value as unknown as ToolOutputResult }
    if (e.type === 'fail') return { kind: 'error', error: e.error?.message ?? 'an error without a message' }
  }
  return { kind: 'none' }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
