import type { CaseRow, CaseSide } from '#harness/bugs/side-by-side.ts'

/** Whether a bug reproduced, its figures, and the lines that say so. */
export interface ReproductionVerdict {
  /** The pre-fix system broke at least one case and every reference held every case it ran. */
  reproduced: boolean
  /** Cases run on both systems. */
  paired: number
  /** Of those, the ones the pre-fix system broke. */
  brokenOnPreFix: number
  /** The summary: `Reproduced: …`, or one `Not reproduced: …` line per side that disappointed. */
  lines: string[]
}

/** How many failing cases a `Not reproduced` line names before it says `…`. */
const namedAtMost = 4

/** Decides whether the bug reproduced: the pre-fix system breaks at least one case AND the references hold every case. */
export function reproductionVerdict(rows: readonly CaseRow[]): ReproductionVerdict {
  const paired = rows.filter((r) => r.preFix !== undefined)
  const preFixSides = paired.map((r) => r.preFix!)
  const brokenOnPreFix = preFixSides.filter((s) => verdictOf(s) === 'broken').length
  const references = groupBy(rows, (r) => r.reference.adapter)
  const reasons: string[] = []
  if (paired.length === 0) reasons.push('no case of the bug runs on a pre-fix system')
  else if (brokenOnPreFix === 0) {
    const adapter = preFixSides[0]!.adapter
    reasons.push(
      preFixSides.every((s) => verdictOf(s) === 'held')
        ? `the pre-fix system ${adapter} held every case: the regression scenarios no longer reproduce the bug`
        : `the pre-fix system ${adapter} broke no case (${tally(preFixSides)}): the regression scenarios do not reproduce the bug`,
    )
  }
  for (const [adapter, group] of references) {
    const bad = group.filter((r) => verdictOf(r.reference) !== 'held')
    if (bad.length === 0) continue
    const verb = bad.every((r) => verdictOf(r.reference) === 'broken') ? 'broke' : 'did not hold'
    const named = bad.slice(0, namedAtMost).map((r) => `${lastSegment(r.case.id)}${verdictOf(r.reference) === 'broken' ? '' : ` (${verdictOf(r.reference)})`}`)
    const more = bad.length > namedAtMost ? ', …' : ''
    reasons.push(`the reference ${adapter} ${verb} ${bad.length} of ${group.length} ${cases(group.length)}: ${named.join(', ')}${more}`)
  }
  if (reasons.length > 0) return { reproduced: false, paired: paired.length, brokenOnPreFix, lines: reasons.map((r) => `Not reproduced: ${r}.`) }
  const unusual = preFixSides.filter((s) => verdictOf(s) !== 'broken' && verdictOf(s) !== 'held')
  const alone = references.filter(([, group]) => group.every((r) => r.preFix === undefined))
  const aloneText = alone.map(([adapter, group]) => `; the ${group.length} ${cases(group.length)} no pre-fix system covers held on ${adapter}`).join('')
  const line =
    `Reproduced: ${brokenOnPreFix} of ${paired.length} ${cases(paired.length)} broken on the pre-fix system` +
    `${unusual.length > 0 ? ` (${tally(unusual)})` : ''}, ${paired.length === 1 ? 'it' : `all ${paired.length}`} held on the reference${aloneText}.`
  return { reproduced: true, paired: paired.length, brokenOnPreFix, lines: [line] }
}

/** A side's verdict, `not run` when it left no result. */
function verdictOf(side: CaseSide): string {
  return side.run?.verdict ?? 'not run'
}

/** Items grouped by a key, groups in order of first appearance. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Array<[string, T[]]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return [...groups]
}

/** `5 held, 2 error, 1 not run`. */
function tally(sides: readonly CaseSide[]): string {
  return groupBy(sides, verdictOf)
    .map(([verdict, group]) => `${group.length} ${verdict}`)
    .join(', ')
}

function lastSegment(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1)
}

function cases(n: number): string {
  return n === 1 ? 'case' : 'cases'
}
