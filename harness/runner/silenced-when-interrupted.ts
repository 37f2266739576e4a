import type { Reporter } from 'vitest/node'

/**
 * A reporter that stops reporting once `interrupted()` says so: vitest's own output after an interruption is only the
 * run being torn down (workers "exited unexpectedly", tests cut short), which the kit's own lines say better.
 */
export function silencedWhenInterrupted(reporter: Reporter, interrupted: () => boolean): Reporter {
  return new Proxy(reporter, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown
      if (typeof value !== 'function' || key === 'onInit') return value
      return (...args: unknown[]) => (interrupted() ? undefined : (value as (...a: unknown[]) => unknown).apply(target, args))
    },
  })
}
