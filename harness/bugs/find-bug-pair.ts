import { bugPairs } from '#harness/bugs/bug-pairs.ts'
import type { BugPair } from '#harness/bugs/bug-pairs.ts'

/** The bug a command line names, matched without regard to case (`dep-8516` is DEP-8516), or undefined. */
export function findBugPair(id: string, pairs: readonly BugPair[] = bugPairs): BugPair | undefined {
  const wanted = id.trim().toLowerCase()
  return pairs.find((pair) => pair.id.toLowerCase() === wanted)
}
