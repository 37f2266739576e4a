import { endDescendants, killDescendantsNow } from '#harness/runner/end-descendants.ts'

/** The signals that interrupt a run, and the exit code each gives (128 + its number, as a shell reports it). */
export const interruptExitCodes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const

/** A signal that interrupts a run. */
export type InterruptSignal = keyof typeof interruptExitCodes

/**
 * A run's interruption: the first signal (or the parent gone) stops the run — its listeners stop starting runs — and
 * ends every process the kit started; a second one aborts at once: every process killed, the abort hooks run (no
 * reports), and the kit exits with the signal's code.
 */
export class Interruption {
  #signal: InterruptSignal | undefined
  #why = ''
  #stopped: Promise<number[]> | undefined
  readonly #listeners: Array<(signal: InterruptSignal) => void> = []
  readonly #abortHooks: Array<() => void> = []

  /** The signal that interrupted the run, or undefined while it runs on. */
  get signal(): InterruptSignal | undefined {
    return this.#signal
  }

  /** The exit code of the interruption (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), or undefined. */
  get exitCode(): number | undefined {
    return this.#signal && interruptExitCodes[this.#signal]
  }

  /** `SIGINT`, or `SIGTERM (the parent process is gone)`: what stopped the run, for people. */
  get description(): string {
    return `${this.#signal ?? 'nothing'}${this.#why ? ` (${this.#why})` : ''}`
  }

  /** Resolves, after an interruption, when every process the kit started has ended (with the pids of any that would not). */
  stopped(): Promise<number[]> {
    return this.#stopped ?? Promise.resolve([])
  }

  /** Calls `listener` on the interruption (at once if it already happened). */
  onInterrupt(listener: (signal: InterruptSignal) => void): void {
    if (this.#signal) listener(this.#signal)
    else this.#listeners.push(listener)
  }

  /** Runs `hook` (synchronously) if the run is aborted by a second signal, before the kit exits. */
  onAbort(hook: () => void): void {
    this.#abortHooks.push(hook)
  }

  /** The first signal interrupts the run; a second aborts it. `why` says more than the signal (the parent gone). */
  interrupt(signal: InterruptSignal, why = ''): void {
    if (this.#signal) return this.abort(signal)
    this.#signal = signal
    this.#why = why
    this.#stopped = endDescendants()
    for (const listener of this.#listeners.splice(0)) {
      try {
        listener(signal)
      } catch {
        // a listener that fails must not keep the others from stopping the run
      }
    }
  }

  /** Kills every process the kit started, runs the abort hooks, and exits with the signal's code: nothing more is written. */
  abort(signal: InterruptSignal): never {
    killDescendantsNow()
    for (const hook of this.#abortHooks.splice(0)) {
      try {
        hook()
      } catch {
        // exiting anyway
      }
    }
    process.exit(interruptExitCodes[signal])
  }
}
