/** The columns a text takes in a terminal, roughly: East Asian wide characters and emoji two, combining marks and joiners none. */
export function terminalColumns(text: string): number {
  let n = 0
  for (const char of text) {
    const code = char.codePointAt(0)!
    if ((code >= 0x300 && code <= 0x36f) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) continue
    n += isWide(code) ? 2 : 1
  }
  return n
}

/** Whether a code point is shown two columns wide (East Asian wide and fullwidth ranges, emoji). */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  )
}
