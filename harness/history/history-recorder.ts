import { performance } from 'node:perf_hooks'
import type { CompletionEvent, HistoryEvent, WallRead } from '#harness/history/history.ts'

/** Reads the wall clock between two reads of the monotonic clock, with how long that took (a process descheduled between them shows as a large gap). */
export function readWall(): WallRead {
  const before = performance.now()
  const at = Date.now()
  const gap = performance.now() - before
  return { at, mono: Math.floor(before * 1000) / 1000, gap: Math.ceil(gap * 1000) / 1000 }
}

/** Appends events to a History as a driver replays a scenario: invokes, their completions, and notes. */
export class HistoryRecorder {
  readonly events: HistoryEvent[] = []
  readonly #start = performance.now()

  /** Records the start of an operation and returns its index, to complete it later. */
  invoke(f: string, value: unknown, step: number, wall?: WallRead): number {
    const index = this.events.length
    this.events.push({ type: 'invoke', index, time: this.#time(), f, value, step, ...(wall ? { wall } : {}) })
    return index
  }

  /** Records how the operation started at `invoke` ended. */
  complete(invoke: number, completion: Omit<CompletionEvent, 'index' | 'time' | 'f' | 'invoke'>): CompletionEvent {
    const f = (this.events[invoke] as { f: string }).f
    // a call whose sending read the wall clock reads it again at once on its answer (before anything else is done)
    if ((this.events[invoke] as { wall?: WallRead }).wall && !completion.wall) completion = { ...completion, wall: readWall() }
    const event: CompletionEvent = { ...completion, index: this.events.length, time: this.#time(), f, invoke }
    this.events.push(event)
    return event
  }

  /** Records something the kit did or saw that is not an operation (a fault, a stop, a restart). */
  note(what: string, value?: unknown): void {
    this.events.push({ type: 'note', index: this.events.length, time: this.#time(), what, ...(value === undefined ? {} : { value }) })
  }

  #time(): number {
    return Math.round((performance.now() - this.#start) * 1000) / 1000
  }
}
