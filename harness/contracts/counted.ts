/** A number as evidence lines write it, with thousands separators: `241,003`. */
export function figure(n: number): string {
  return n.toLocaleString('en-US')
}

/** A count and its noun, plural unless one: `12 pages`, `1 page`, `0 reads`. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${figure(n)} ${n === 1 ? noun : plural}`
}
