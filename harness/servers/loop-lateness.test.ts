import { afterEach, describe, expect, test } from 'vitest'
import { setTimeout as sleep } from 'node:timers/promises'
import { loopLateness } from '#harness/servers/loop-lateness.ts'

const stops: Array<() => void> = []
afterEach(() => stops.splice(0).forEach((stop) => stop()))

/** Holds the event loop for `ms`, as another test judging a large History would. */
function stall(ms: number): void {
  const end = performance.now() + ms
  while (performance.now() < end);
}

describe('loopLateness', () => {
  test('with nothing watching, an event handled now happened now', () => {
    const before = performance.now()
    expect(loopLateness.earliestNow()).toBeGreaterThanOrEqual(before)
  })

  test('after a stall, what the loop handles may have happened before the stall began', async () => {
    stops.push(loopLateness.watch())
    await sleep(5) // the ticker runs
    const stallBegan = performance.now()
    stall(30)
    // no tick could run during the stall: the earliest moment is at or before it began, 30 ms or more ago
    expect(loopLateness.earliestNow()).toBeLessThanOrEqual(stallBegan)
    await new Promise((resolve) => setImmediate(resolve))
    expect(loopLateness.earliestNow()).toBeLessThanOrEqual(stallBegan)
  })

  test('the ticker is shared and stops with its last watcher; each stop counts once', async () => {
    const [first, second] = [loopLateness.watch(), loopLateness.watch()]
    first()
    first()
    await sleep(5)
    stall(10)
    const stalled = performance.now()
    expect(loopLateness.earliestNow()).toBeLessThan(stalled) // still watched by the second
    second()
    expect(loopLateness.earliestNow()).toBeGreaterThanOrEqual(stalled) // nothing watches: now
  })
})
