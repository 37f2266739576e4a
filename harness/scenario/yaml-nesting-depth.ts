import { CST } from 'yaml'

/**
 * The offset of the first collection of a YAML CST token nested deeper than `limit` levels (a document's top
 * collection is level 1), or -1: walked with a stack of its own, so a file nested 100,000 deep is measured, not recursed.
 */
export function tooDeepAt(token: CST.Token, limit: number): number {
  const stack: Array<{ token: CST.Token; level: number }> = [{ token, level: 0 }]
  while (stack.length > 0) {
    const { token: next, level } = stack.pop()!
    if (next.type === 'document') {
      if (next.value) stack.push({ token: next.value, level })
      continue
    }
    if (next.type !== 'block-map' && next.type !== 'block-seq' && next.type !== 'flow-collection') continue
    if (level + 1 > limit) return next.offset
    for (const item of next.items) {
      if (item.value) stack.push({ token: item.value, level: level + 1 })
      if ('key' in item && item.key) stack.push({ token: item.key, level: level + 1 })
    }
  }
  return -1
}
