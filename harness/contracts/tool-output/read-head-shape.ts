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
  const lastAt: number[] = [] // the index of the last item line seen at each level
  const groups = new Map<string, number>()
  let lines = 0
  let deepest = 0
  let widest = 0
  for (const line of head.split('\n')) {
    const indent = /^( *)- /.exec(line)?.[1]
    if (indent === undefined) continue
    const level = Math.floor(indent.length / 2) + 1
    const group = `${level}:${level === 1 ? -1 : (lastAt[level - 2] ?? -1)}`
    const count = (groups.get(group) ?? 0) + 1
    groups.set(group, count)
    widest = Math.max(widest, count)
    deepest = Math.max(deepest, level)
    lastAt[level - 1] = lines
    lastAt.length = level
    lines++
  }
  return { lines, deepest, widest, deep: deepest >= 5 && widest * 2 < lines }
}
