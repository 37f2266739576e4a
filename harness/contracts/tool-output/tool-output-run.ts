import type { ToolOutputHistory } from '#harness/history/history.ts'
import type { CapUnit, Remedy, ToolOutputResult } from '#harness/ports/tool-output-port.ts'

/** A tool-output run as the contracts read it from its History. */
export interface ToolOutputRun {
  cap: { unit: CapUnit; max: number }
  spill: 'granted' | 'none' | 'failing' | 'no-grant'
  /** The whole output and its size in the cap's unit. */
  output: string
  outputSize: number
  /** The tool's answer, or the error that reached the caller. */
  result?: ToolOutputResult
  error?: string
  changedOutside: string[]
  folder: string | null
  remedies: Array<{ remedy: Remedy; size: number }>
  recovery?: { ok: true; matches: boolean; bytes: number; chunks: unknown[] } | { ok: false; finding: { reason: string; quoted: string } }
}

/** Reads a tool-output History. */
export function toolOutputRun(history: ToolOutputHistory): ToolOutputRun {
  const notes = (what: string) => history.events.flatMap((e) => (e.type === 'note' && e.what === what ? [e.value as Record<string, unknown>] : []))
  const snapshot = notes('snapshot')[0] ?? {}
  const sandbox = notes('sandbox')[0] ?? {}
  const ok = history.events.find((e) => e.type === 'ok' && e.f === 'tool-output.run')
  const fail = history.events.find((e) => e.type === 'fail' && e.f === 'tool-output.run')
  const given = history.given as { cap: { unit: CapUnit; max: number }; spill: ToolOutputRun['spill'] }
  return {
    cap: given.cap,
    spill: given.spill,
    output: (snapshot.text as string) ?? '',
    outputSize: (snapshot.size as number) ?? 0,
    ...(ok && 'value' in ok ? { result: ok.value as ToolOutputResult } : {}),
    ...(fail && 'error' in fail && fail.error ? { error: fail.error.message } : {}),
    changedOutside: (sandbox.changedOutside as string[]) ?? [],
    folder: (sandbox.folder as string | null) ?? null,
    remedies: notes('remedy') as ToolOutputRun['remedies'],
    ...(notes('recovery')[0] ? { recovery: notes('recovery')[0] as ToolOutputRun['recovery'] } : {}),
  }
}
