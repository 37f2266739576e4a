import type { SnapshotterHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, unknown } from '#harness/contracts/contract.ts'
import { differenceClause, textDifference } from '#harness/contracts/text-difference.ts'

/**
 * size/depth-is-nesting-only: a depth limit at or above a page's real depth gives the same snapshot as no limit, byte
 * for byte, and one level less gives a smaller one — depth limits nesting, not width (so it cannot shrink a wide flat page).
 */
export const depthIsNestingOnly = defineContract<SnapshotterHistory>({
  id: 'size/depth-is-nesting-only',
  statement: "A depth limit at or above the page's real depth gives a snapshot byte-identical to no limit, and one level less gives a smaller one: depth limits nesting, not width.",
  from: ['PLAT-200'],
  port: 'snapshotter',
  // every snapshotter scenario gives a page whose real depth the kit knows, snapshotted unlimited and at each depth to one past it
  exercisedBy: () => true,
  check(history) {
    const realDepth = need(history.oracle?.realDepth as number | undefined, 'the History holds no real depth of the page to judge against')
    const texts = snapshotsByDepth(history)
    if (texts.size === 0) return unknown('no snapshot was answered: nothing to compare')
    const unlimited = need(texts.get(null), 'no snapshot without a depth limit was answered: nothing to compare the limited ones with')
    const bytes = (t: string) => Buffer.byteLength(t, 'utf8')
    for (const [depth, text] of texts) {
      if (depth === null || depth < realDepth || text === unlimited) continue
      // where the two first differ, both sides shown: texts of one size (a CR for an LF) differ somewhere too
      const d = textDifference(unlimited, text)!
      return broken(`depth ${depth} (at or above the real depth ${realDepth}) gives ${bytes(text)} bytes, not the unlimited snapshot's ${bytes(unlimited)}, ${differenceClause(d, `the depth ${depth} snapshot`)}`, {
        depth,
        realDepth,
        bytes: bytes(text),
        unlimitedBytes: bytes(unlimited),
        ...d,
      })
    }
    const below = realDepth > 1 ? texts.get(realDepth - 1) : undefined
    if (below !== undefined && bytes(below) >= bytes(unlimited)) {
      return broken(`depth ${realDepth - 1} (one below the real depth) gives ${bytes(below)} bytes, no smaller than unlimited (${bytes(unlimited)})`, {
        depth: realDepth - 1,
        realDepth,
        bytes: bytes(below),
        unlimitedBytes: bytes(unlimited),
      })
    }
    const atOrAbove = [...texts.keys()].filter((d): d is number => d !== null && d >= realDepth).sort((a, b) => a - b)
    if (atOrAbove.length === 0) return unknown(`no snapshot at or above the real depth ${realDepth} was answered: nothing to compare with unlimited`)
    if (realDepth > 1 && below === undefined) return unknown(`no snapshot at depth ${realDepth - 1}, one below the real depth ${realDepth}, was answered`)
    if (unlimited === '') return unknown('the unlimited snapshot is empty: identical and smaller snapshots of nothing show nothing')
    const n = (x: number) => x.toLocaleString('en-US')
    const same = `depth ${atOrAbove.join(' and ')} (at or above the real depth ${realDepth}) byte-identical to unlimited (${n(bytes(unlimited))} bytes)`
    return held(below === undefined ? same : `${same}; depth ${realDepth - 1} smaller (${n(bytes(below))} bytes)`, {
      realDepth,
      unlimitedBytes: bytes(unlimited),
      identicalAt: atOrAbove,
      ...(below === undefined ? {} : { belowDepth: realDepth - 1, belowBytes: bytes(below) }),
    })
  },
})

/** The text of each snapshot of the depth sweep answered (no other option asked), by its depth limit (`null`: unlimited). */
function snapshotsByDepth(history: SnapshotterHistory): Map<number | null, string> {
  const texts = new Map<number | null, string>()
  for (const e of history.events) {
    if (e.type !== 'ok' || e.f !== 'snapshotter.snapshot') continue
    const options = (history.events[e.invoke] as { value?: { options?: Record<string, unknown> } }).value?.options ?? {}
    const depth = options.depth as number | undefined
    if (Object.keys(options).some((k) => k !== 'depth') || (depth !== undefined && (!Number.isInteger(depth) || depth < 1))) continue
    const text = (e.value as { text?: unknown } | undefined)?.text
    if (typeof text === 'string') texts.set(depth ?? null, text)
  }
  return texts
}

/** Checks size/depth-is-nesting-only (returns the result). */
export const checkDepthIsNestingOnly = depthIsNestingOnly.check
/** Asserts size/depth-is-nesting-only (throws unless held). */
export const assertDepthIsNestingOnly = depthIsNestingOnly.assert
