function cut(text: string, max: number): { head: string; more: string } {
  if (text.length <= max) return { head: text, more: '' }
  let end = max
  const code = text.charCodeAt(end - 1)
  if (code >= 0xd800 && code <= 0xdbff) end -= 1 // never cut a surrogate pair in two
  return { head: text.slice(0, end), more: `… (${text.length - end} more characters)` }
}

/** A short, single-line quotation of `text` for an error message: JSON-quoted, cut to about `max` characters with a note of what was left out. */
export function excerpt(text: string, max = 200): string {
  const { head, more } = cut(text, max)
  return `${JSON.stringify(head)}${more}`
}

/** A JSON value shown as its JSON text (not quoted again), cut like `excerpt`, for quoting what an implementation answered. */
export function excerptJson(value: unknown, max = 200): string {
  if (value === undefined) return 'nothing'
  const { head, more } = cut(JSON.stringify(value), max)
  return `${head}${more}`
}
