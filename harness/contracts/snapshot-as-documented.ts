import type { SnapshotterHistory } from '#harness/history/history.ts'
import type { SnapshotOptions } from '#harness/ports/snapshotter-port.ts'
import { broken, defineContract, held, need, unknown } from '#harness/contracts/contract.ts'
import { mustRefuse } from '#harness/drivers/snapshotter/snapshot-requests.ts'
import { documentedSnapshots } from '#harness/contracts/tool-output/documented-snapshot.ts'
import type { PageSpec } from '#fixtures/pages/page-tree.ts'
import { differenceClause, textDifference, visibleJson } from '#harness/contracts/text-difference.ts'

/** How each option set is named in evidence and witnesses: `unlimited`, `depth 2`, `compact`, `depth 1 + compact`… */
function optionsName(options: SnapshotOptions): string {
  const parts = [options.depth === undefined ? '' : `depth ${shownDepth(options.depth)}`, options.compact ? 'compact' : '', options.interactive ? 'interactive' : ''].filter(Boolean)
  return parts.length === 0 ? 'unlimited' : parts.join(' + ')
}

/** A depth as a message names it: a number as written, a value of another JSON type as JSON (`"2"`, `true`, `null`). */
function shownDepth(depth: unknown): string {
  return typeof depth === 'number' ? String(depth) : visibleJson(depth, 40)
}

/** The option sets compared, in order, with a run of single depths said as a range: `unlimited, depth 1 to 17, depth 0, compact`. */
function summarize(names: string[]): string {
  const depths = names.map((name) => /^depth (\d+)$/.exec(name)?.[1]).map((d) => (d === undefined ? undefined : Number(d)))
  const out: string[] = []
  for (let i = 0; i < names.length; i++) {
    let j = i
    while (depths[i] !== undefined && depths[i]! > 0 && depths[j + 1] === depths[j]! + 1) j++
    out.push(j - i >= 2 ? `depth ${depths[i]} to ${depths[j]}` : names[i]!)
    if (j - i >= 2) i = j
  }
  return out.join(', ')
}

/**
 * size/snapshot-as-documented: every snapshot is the page's accessibility tree printed as Playwright's aria-snapshot
 * YAML, with the depth limit, compact and interactive applied as documented, byte for byte; a negative or fractional
 * depth is refused.
 */
export const snapshotAsDocumented = defineContract<SnapshotterHistory>({
  id: 'size/snapshot-as-documented',
  statement:
    "Every snapshot is the page's accessibility tree as Playwright's aria-snapshot YAML, with depth (0: unlimited), compact and interactive applied as documented, byte for byte; a negative or fractional depth is refused with an error.",
  from: ['PLAT-200'],
  port: 'snapshotter',
  // every snapshotter scenario gives a generated page, whose documented text the kit derives from its spec
  exercisedBy: () => true,
  check(history) {
    const spec = need(history.given?.page as PageSpec | undefined, 'the History holds no page spec to derive the documented text from')
    const compared: Array<{ name: string; bytes: number }> = []
    const refused: string[] = []
    const unanswered: string[] = []
    const documented = documentedSnapshots(spec)
    for (const e of history.events) {
      if (e.type !== 'invoke' || e.f !== 'snapshotter.snapshot') continue
      const options = ((e.value as { options?: SnapshotOptions } | undefined)?.options ?? {}) as SnapshotOptions
      const name = optionsName(options)
      const answer = history.events.find((c) => (c.type === 'ok' || c.type === 'fail' || c.type === 'info') && c.invoke === e.index)
      const text = answer?.type === 'ok' ? (answer.value as { text?: unknown } | undefined)?.text : undefined
      if (mustRefuse(options)) {
        if (answer?.type === 'fail') refused.push(shownDepth(options.depth))
        else if (typeof text === 'string') {
          return broken(`${name} was answered with a snapshot (${Buffer.byteLength(text, 'utf8')} bytes): a depth that is not a non-negative integer (negative, fractional, or of another JSON type) must be refused with an error`, { options, bytes: Buffer.byteLength(text, 'utf8') })
        } else unanswered.push(name)
        continue
      }
      if (typeof text !== 'string') {
        unanswered.push(name)
        continue
      }
      const expected = documented(options)
      if (text !== expected) {
        const bytes = (t: string) => Buffer.byteLength(t, 'utf8')
        const d = textDifference(expected, text)!
        return broken(`the ${name} snapshot is not the documented text: ${bytes(text)} bytes where ${bytes(expected)} are due, ${differenceClause(d, 'the snapshot')}`, {
          options,
          bytes: bytes(text),
          expectedBytes: bytes(expected),
          ...d,
        })
      }
      compared.push({ name, bytes: Buffer.byteLength(text, 'utf8') })
    }
    if (!compared.some((c) => c.name === 'unlimited')) return unknown('no snapshot without options was answered: nothing to compare with the documented text')
    if (unanswered.length > 0) return unknown(`not answered: ${unanswered.join(', ')}`)
    const n = (x: number) => x.toLocaleString('en-US')
    const largest = Math.max(...compared.map((c) => c.bytes))
    const refusedText = refused.length === 0 ? '' : `; depth ${refused.join(' and ')} refused with an error`
    return held(`${compared.length} snapshots byte-identical to the documented aria-snapshot YAML (${summarize(compared.map((c) => c.name))}), the largest ${n(largest)} bytes${refusedText}`, {
      compared: compared.length,
      largestBytes: largest,
      options: compared.map((c) => c.name),
      refused,
    })
  },
})

/** Checks size/snapshot-as-documented (returns the result). */
export const checkSnapshotAsDocumented = snapshotAsDocumented.check
/** Asserts size/snapshot-as-documented (throws unless held). */
export const assertSnapshotAsDocumented = snapshotAsDocumented.assert
