/** Where a text first differs from the one due: its byte (UTF-8, 0-based), line and column (1-based, in characters: a pair is one), and both sides there, shown. */
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
  if (i > 0 && isHighSurrogate(expected.charCodeAt(i - 1))) i-- // only a pair's first half was equal: the character differs
  const head = expected.slice(0, i)
  const lineStart = head.lastIndexOf('\n') + 1
  const side = (text: string) => (i >= text.length ? null : excerpt(text, i, lineStart))
  return { byte: Buffer.byteLength(head, 'utf8'), line: countLines(head), column: codePoints(head, lineStart) + 1, expected: side(expected), got: side(got) }
}

/** A short excerpt of a text from a little before `at` (not before `lineStart`), never cutting a pair, every invisible character escaped. */
export function excerpt(text: string, at: number, lineStart = 0): string {
  const start = boundary(text, Math.max(lineStart, at - before))
  return visible(text.slice(start, boundary(text, start + shown)))
}

/**
 * The first difference as a message says it, naming `what` holds `got`: `first different at line 1 (byte 0, column 1):
 * "- list:" is due, the snapshot has "\u{FEFF}- list:"` (a side past its end: `its end`).
 */
export function differenceClause(d: TextDifference, what: string): string {
  const side = (excerpt: string | null) => (excerpt === null ? 'its end' : inQuotes(excerpt))
  return `first different at line ${d.line} (byte ${d.byte}, column ${d.column}): ${side(d.expected)} is due, ${what} has ${side(d.got)}`
}

/**
 * A text with every character one cannot see — controls, format characters (BOM, zero-width, bidi), lone surrogates,
 * combining marks (a decomposed é looks like a composed one), spaces other than U+0020 — and U+FFFD (what a split
 * UTF-8 character decodes to) written as an escape.
 */
export function visible(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{M}\p{Zs}\p{Zl}\p{Zp}\uFFFD\\]/gu, (c) => {
    if (c === ' ') return c
    if (c === '\\') return '\\\\'
    if (c === '\n') return '\\n'
    if (c === '\r') return '\\r'
    if (c === '\t') return '\\t'
    return `\\u{${hex(c.codePointAt(0)!)}}`
  })
}

/** A text as a message quotes it: in double quotes, every invisible character escaped, cut after `max` characters (never inside a pair) with `…` after the quote. */
export function quoted(text: string, max = 80): string {
  const end = boundary(text, max)
  return `${inQuotes(visible(text.slice(0, end)))}${end < text.length ? '…' : ''}`
}

/** A word an implementation gave (an error code, a name) as a message shows it: as it is when it is a plain word (letters, digits, `_ . : -`), else quoted, so a hidden character or a space shows. */
export function shownWord(word: string): string {
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(word) ? word : quoted(word, 64)
}

/** A shown text in double quotes, a double quote inside it written `\"` (its backslashes are already doubled), so the quotes say where it ends. */
function inQuotes(shown: string): string {
  return `"${shown.replaceAll('"', '\\"')}"`
}

/** A value as a message shows it: compact JSON with every invisible character JSON leaves raw (a BOM, a no-break space, U+2028) and U+FFFD escaped as `\uFEFF`, cut to `max` characters with `…`. */
export function visibleJson(value: unknown, max = Infinity): string {
  const json = (JSON.stringify(value) ?? String(value)).replace(/[\p{Cc}\p{Cf}\p{M}\p{Zs}\p{Zl}\p{Zp}\uFFFD]/gu, (c) =>
    c === ' ' ? c : [...Array(c.length).keys()].map((k) => `\\u${hex(c.charCodeAt(k))}`).join(''),
  )
  return json.length <= max ? json : `${json.slice(0, boundary(json, max - 1))}…`
}

/** `at`, or one less where it would cut a surrogate pair in two. */
function boundary(text: string, at: number): number {
  return at > 0 && isHighSurrogate(text.charCodeAt(at - 1)) && isLowSurrogate(text.charCodeAt(at)) ? at - 1 : at
}

function hex(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0')
}

/** How many characters (code points: a surrogate pair is one, a lone half one) `text` holds from `from` on. */
function codePoints(text: string, from: number): number {
  let count = 0
  for (let i = from; i < text.length; i++) if (!(isLowSurrogate(text.charCodeAt(i)) && i > from && isHighSurrogate(text.charCodeAt(i - 1)))) count++
  return count
}

function countLines(text: string): number {
  let lines = 1
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++
  return lines
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
