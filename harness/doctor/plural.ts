/** `n` and a noun, with an `s` unless `n` is 1: "1 line", "3 lines". */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
