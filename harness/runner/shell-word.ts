/** A word of a command line quoted for a POSIX shell (left bare when it needs no quoting). */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}
