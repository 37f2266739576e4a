/** A gate: what runs through it, at most `limit` at a time. */
export type Gate = <T>(run: () => Promise<T>) => Promise<T>

/**
 * Test helper: a gate letting at most `limit` of the calls through it run at once, the others waiting their turn in the
 * order they came — for tests that run side by side (`test.concurrent`) and each start processes: enough of them at
 * once to fill the time one spends waiting on its processes, not so many that they crowd a shared two-core machine.
 */
export function atMost(limit: number): Gate {
  let running = 0
  const waiting: Array<() => void> = []
  return async (run) => {
    if (running < limit) running++
    else await new Promise<void>((go) => waiting.push(go))
    try {
      return await run()
    } finally {
      // the place passes straight to the next in line; it is given up only when no one waits
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
