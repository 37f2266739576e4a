import { excerptJson } from '#harness/bugs/excerpt-json.ts'
import { terminalColumns } from '#harness/bugs/terminal-columns.ts'

/** How much smaller each next excerpt is when the last one could not be folded. */
const step = 8

/**
 * A value as JSON on at most two lines, `first` columns then `rest`: on one line when its excerpt fits there, else the
 * largest excerpt that folds after a comma between entries, else an excerpt on the first line alone.
 */
export function foldJson(value: unknown, first: number, rest: number): string[] {
  for (let room = first + Math.max(0, rest); room > first; room -= step) {
    const text = excerptJson(value, room)
    if (terminalColumns(text) <= first) return [text]
    const folded = foldAtComma(text, first, rest)
    if (folded) return folded
  }
  return [excerptJson(value, first)]
}

/** A JSON text split after the last comma between entries that leaves at most `first` columns before it, if the rest fits `rest`. */
function foldAtComma(text: string, first: number, rest: number): [string, string] | undefined {
  let best: number | undefined
  for (const at of commasOutsideStrings(text)) {
    if (terminalColumns(text.slice(0, at + 1)) > first) break
    best = at
  }
  if (best === undefined || terminalColumns(text.slice(best + 1)) > rest) return undefined
  return [text.slice(0, best + 1), text.slice(best + 1)]
}

/** The offsets of the commas of a JSON text that are not inside a string. */
function commasOutsideStrings(text: string): number[] {
  const at: number[] = []
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === ',') at.push(i)
  }
  return at
}
