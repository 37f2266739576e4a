/** Where a text first differs from the one due: its byte (UTF-8, 0-based), line and column (1-based), and both sides there, shown. */
export interface TextDifference {
  byte: number
  line: number
  column: number
  /** A short excerpt of each side from a little before the difference, every invisible character escaped (`\u{FEFF}`, `\r`, `\t`); null past its end. */
  expected: string | null
  got: string | null
}

/** How many characters of each side an excerpt shows before the difference, and in all. */
const before = 12
const shown = 60

/**
 * The first difference of `got` from `expected` (undefined when they are equal), at a character boundary: a BOM at
 * byte 0, a CR before a newline or a no-break space for a space is named by its byte and shown escaped on both sides.
 */
export function textDifference(expected: string, got: string): TextDifference | undefined {
  if (expected === got) return undefined
  let i = 0
  while (i < expected.length && i < got.length && expected.charCodeAt(i) === got.charCodeAt(i)) i++
  if (i > 0 && isLowSurrogate(expected.charCodeAt(i)) && isLowSurrogate(got.charCodeAt(i))) i-- // the pair's first half was equal
  const head = expected.slice(0, i)
  const lineStart = head.lastIndexOf('\n') + 1
  const from = Math.max(lineStart, i - before)
  const excerpt = (text: string) => (i >= text.length ? null : visible(text.slice(from, from + shown)))
  return { byte: Buffer.byteLength(head, 'utf8'), line: countLines(head), column: i - lineStart + 1, expected: excerpt(expected), got: excerpt(got) }
}

/** A text with every character one cannot see — controls, format characters (BOM, zero-width), spaces other than U+0020 — written as an escape. */
export function visible(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\\]/gu, (c) => {
    if (c === ' ') return c
    if (c === '\\') return '\\\\'
    if (c === '\n') return '\\n'
    if (c === '\r') return '\\r'
    if (c === '\t') return '\\t'
    return `\\u{${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`
  })
}

function countLines(text: string): number {
  let lines = 1
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++
  return lines
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
