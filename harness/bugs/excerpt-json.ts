import { terminalColumns as columns } from '#harness/bugs/terminal-columns.ts'

const ellipsis = '…'
/** The lengths long strings are shortened to, in turn, once the whole value does not fit. */
const stringLengths = [120, 60, 30]
/** The length strings are shortened to last, when a value's top level alone does not fit. */
const shortestString = 12

/**
 * A value as one line of JSON of at most `max` terminal columns (a wide character counts two): whole when it fits;
 * else with long strings shortened; then with nested objects and arrays shown as `{…}` / `[…]`, as many opened again
 * (whole, or their first entries) as the room allows; then with those left out of the top level; then with its last
 * entries left out — so the figures a witness ends with (measure, value, max) stay readable. results.json has it whole.
 */
export function excerptJson(value: unknown, max: number): string {
  const short = stringLengths.at(-1)!
  const attempts = [
    JSON.stringify(value) ?? 'undefined',
    ...stringLengths.map((length) => render(value, Infinity, length)),
    render(value, 2, short),
    render(value, 1, short),
  ]
  const fitting = attempts.findIndex((text) => columns(text) <= max)
  if (fitting >= 0 && fitting < attempts.length - 1) return attempts[fitting]!
  if (isContainer(value)) {
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}']
    const wrap = (entries: readonly string[]) => `${open}${entries.join(',')}${close}`
    if (fitting >= 0) return wrap(reopen(value, entriesOf(value, 0, short), short, (entries) => columns(wrap(entries)) <= max))
    const flats = [short, shortestString].map((length) => topLevel(value, length))
    for (const flat of flats) if (columns(wrap(flat)) <= max) return wrap(flat)
    for (const flat of flats) {
      const kept: string[] = []
      for (const entry of flat) {
        if (columns(wrap([...kept, entry, ellipsis])) > max) break
        kept.push(entry)
      }
      while (kept.at(-1) === ellipsis) kept.pop()
      if (kept.length > 0) return wrap([...kept, ellipsis])
    }
  }
  return cut(attempts.at(-1)!, max - ellipsis.length) + ellipsis
}

/**
 * The top-level entries of a container, its nested values collapsed, with as many of them opened again as `fits`
 * allows, in order: whole, or their first entries and `…`.
 */
function reopen(value: object, collapsed: readonly string[], length: number, fits: (entries: readonly string[]) => boolean): string[] {
  const entries = [...collapsed]
  const children: Array<readonly [string, unknown]> = Array.isArray(value)
    ? value.map((v: unknown) => ['', v] as const)
    : Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [`${JSON.stringify(k)}:`, v] as const)
  for (const [i, [prefix, child]] of children.entries()) {
    if (!isContainer(child) || !(entries[i]!.endsWith(`{${ellipsis}}`) || entries[i]!.endsWith(`[${ellipsis}]`))) continue
    const whole = prefix + render(child, Infinity, length)
    if (fits(replaced(entries, i, whole))) {
      entries[i] = whole
      continue
    }
    const [open, close] = Array.isArray(child) ? ['[', ']'] : ['{', '}']
    const inner = entriesOf(child, 0, length)
    let kept = 0
    while (kept < inner.length && fits(replaced(entries, i, `${prefix}${open}${[...inner.slice(0, kept + 1), ellipsis].join(',')}${close}`))) kept++
    if (kept > 0) entries[i] = `${prefix}${open}${[...inner.slice(0, kept), ellipsis].join(',')}${close}`
  }
  return entries
}

/** The top-level entries of a container without its nested values: each run of nested objects and arrays becomes one `…`. */
function topLevel(value: object, length: number): string[] {
  return entriesOf(value, 0, length)
    .map((entry) => (entry.endsWith(`{${ellipsis}}`) || entry.endsWith(`[${ellipsis}]`) ? ellipsis : entry))
    .filter((entry, i, all) => !(entry === ellipsis && all[i - 1] === ellipsis))
}

/** JSON with strings cut to `length` characters and the objects and arrays below `depth` open levels shown as `{…}` / `[…]`. */
function render(value: unknown, depth: number, length: number): string {
  if (typeof value === 'string') {
    const chars = [...value]
    return JSON.stringify(chars.length > length ? chars.slice(0, length - 1).join('') + ellipsis : value)
  }
  if (!isContainer(value)) return JSON.stringify(value) ?? 'null'
  const empty = Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0
  if (depth <= 0 && !empty) return Array.isArray(value) ? `[${ellipsis}]` : `{${ellipsis}}`
  const inner = entriesOf(value, depth - 1, length)
  return Array.isArray(value) ? `[${inner.join(',')}]` : `{${inner.join(',')}}`
}

/** The rendered entries of an object (`"key":value`, undefined values dropped as JSON does) or an array. */
function entriesOf(value: object, depth: number, length: number): string[] {
  if (Array.isArray(value)) return value.map((v) => render(v, depth, length))
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${JSON.stringify(k)}:${render(v, depth, length)}`)
}

/** The longest start of a text that takes at most `room` columns, whole characters only. */
function cut(text: string, room: number): string {
  let kept = ''
  let used = 0
  for (const char of text) {
    used += columns(char)
    if (used > room) break
    kept += char
  }
  return kept
}


/** A copy of a list with its `i`th item replaced. */
function replaced(list: readonly string[], i: number, item: string): string[] {
  const copy = [...list]
  copy[i] = item
  return copy
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}
