/** The 1-based line and column of a UTF-16 index of a text, as the YAML parser counts them (a line ends at `\n`). */
export function textPosition(text: string, index: number): { line: number; column: number } {
  let line = 1
  let start = 0
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) {
    line++
    start = at + 1
  }
  return { line, column: index - start + 1 }
}
