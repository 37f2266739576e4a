import type { SnapshotterHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, unknown } from '#harness/contracts/contract.ts'

/**
 * size/depth-is-nesting-only: a depth limit at or above a page's real depth gives the same snapshot as no limit, byte
 * for byte, and one level less gives a smaller one — depth limits nesting, not width (so it cannot shrink a wide flat page).
 */
export const depthIsNestingOnly = defineContract<SnapshotterHistory>({
  id: 'size/depth-is-nesting-only',
  statement: "A depth limit at or above the page's real depth gives a snapshot byte-identical to no limit, and one level less gives a smaller one: depth limits nesting, not width.",
  from: ['PLAT-200'],
  port: 'snapshotter',
  check(history) {
    const realDepth = history.oracle.realDepth as number
    const texts = new Map<number | null, string>()
    for (const e of history.events) {
      if (e.type !== 'ok' || e.f !== 'snapshotter.snapshot') continue
      const depth = (history.events[e.invoke] as { value: { options: { depth?: number } } }).value.options.depth
      texts.set(depth ?? null, (e.value as { text: string }).text)
    }
    const unlimited = texts.get(null)
    if (unlimited === undefined) return unknown('no snapshot without a depth limit was taken')
    const bytes = (t: string) => Buffer.byteLength(t, 'utf8')
    for (const [depth, text] of texts) {
      if (depth === null || depth < realDepth || text === unlimited) continue
      return broken(`depth ${depth} (at or above the real depth ${realDepth}) gives ${bytes(text)} bytes, not the unlimited snapshot's ${bytes(unlimited)}`, {
        depth,
        realDepth,
        bytes: bytes(text),
        unlimitedBytes: bytes(unlimited),
      })
    }
    const below = texts.get(realDepth - 1)
    if (realDepth > 1 && below !== undefined && bytes(below) >= bytes(unlimited)) {
      return broken(`depth ${realDepth - 1} (one below the real depth) gives ${bytes(below)} bytes, no smaller than unlimited (${bytes(unlimited)})`, {
        depth: realDepth - 1,
        realDepth,
        bytes: bytes(below),
        unlimitedBytes: bytes(unlimited),
      })
    }
    return held
  },
})

/** Checks size/depth-is-nesting-only (returns the result). */
export const checkDepthIsNestingOnly = depthIsNestingOnly.check
/** Asserts size/depth-is-nesting-only (throws unless held). */
export const assertDepthIsNestingOnly = depthIsNestingOnly.assert
