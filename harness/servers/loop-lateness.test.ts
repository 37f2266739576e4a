import { afterEach, describe, expect, test } from 'vitest'
import { loopLateness } from '#harness/servers/loop-lateness.ts'
import { stallEventLoop as stall } from '#harness/__test-helpers__/stall-event-loop.ts'

const stops: Array<() => void> = []
afterEach(() => stops.splice(0).forEach((stop) => stop()))


describe('loopLateness', () => {
  test('with nothing watching, an event handled now happened now', () => {
    const before = performance.now()
    expect(loopLateness.earliestNow()).toBeGreaterThanOrEqual(before)
  })

  test('after a stall, what the loop handles may have happened before the stall began', async () => {
    stops.push(loopLateness.watch())
    const stallBegan = performance.now()
    stall(30)
    // no tick could run during the stall: the earliest moment is at or before it began, 30 ms or more ago
    expect(loopLateness.earliestNow()).toBeLessThanOrEqual(stallBegan)
    await new Promise((resolve) => setImmediate(resolve))
    expect(loopLateness.earliestNow()).toBeLessThanOrEqual(stallBegan)
  })

  test('the ticker is shared and stops with its last watcher; each stop counts once', () => {
    const [first, second] = [loopLateness.watch(), loopLateness.watch()]
    first()
    first()
    stall(10)
    const stalled = performance.now()
    expect(loopLateness.earliestNow()).toBeLessThan(stalled) // still watched by the second
    second()
    expect(loopLateness.earliestNow()).toBeGreaterThanOrEqual(stalled) // nothing watches: now
  })
})
