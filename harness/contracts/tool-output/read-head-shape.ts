/** The shape of a snapshot head as the rule for `--depth` reads it (docs/tool-output-port.md, "Choosing remedies"). */
export interface HeadShapeSeen {
  /** How many item lines (`^( *)- `) the head holds. */
  lines: number
  /** The deepest level of an item line: `floor(indent / 2) + 1`. */
  deepest: number
  /** The most item lines sharing one parent. */
  widest: number
  /** Deeply nested: the deepest level is 5 or more and the widest sibling group is less than half the item lines. */
  deep: boolean
}

/**
 * Reads the shape of a snapshot head, the kit's own reading of the documented rule: item lines are those matching
 * `^( *)- `; a line's parent is the last item line before it one level up; siblings share a parent.
 */
export function readHeadShape(head: string): HeadShapeSeen {
  // one pass over the text, line by line, holding no line past its own turn (a head of a 50,000-sibling page has
  // 150,000 lines: held all at once they outlive the young generation, and the reading grows faster than the head)
  const lastAt: number[] = [] // the index of the last item line seen at each level, below `known`; -1: none
  let known = 0 // the levels `lastAt` holds now (a line drops every deeper one: setting an array's length costs more)
  // A parent's children come in one run: once a line at its level or above follows, it is never a parent again. So
  // the group counted at each level is the current parent's alone (`parentAt`, `countAt`), with no map of every
  // parent; the lines with no parent at their level are one group per level, wherever they come (`parentless`).
  const parentAt: number[] = []
  const countAt: number[] = []
  const parentless: number[] = []
  let lines = 0
  let deepest = 0
  let widest = 0
  for (let start = 0; start <= head.length; ) {
    const newline = head.indexOf('\n', start)
    const end = newline < 0 ? head.length : newline
    let at = start
    while (at < end && head.charCodeAt(at) === 32) at++
    const indent = at - start
    start = end + 1
    if (at + 1 >= end || !head.startsWith('- ', at)) continue
    const level = Math.floor(indent / 2) + 1
    const parent = level === 1 || level - 2 >= known ? -1 : lastAt[level - 2]!
    let count: number
    if (parent < 0) count = parentless[level] = (parentless[level] ?? 0) + 1
    else if (parentAt[level] === parent) count = ++countAt[level]!
    else {
      parentAt[level] = parent
      count = countAt[level] = 1
    }
    widest = Math.max(widest, count)
    deepest = Math.max(deepest, level)
    for (let i = known; i < level - 1; i++) lastAt[i] = -1
    lastAt[level - 1] = lines
    known = level
    lines++
  }
  return { lines, deepest, widest, deep: deepest >= 5 && widest * 2 < lines }
}
