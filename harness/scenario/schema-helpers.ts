import { z } from 'zod'

/** A kebab-case word. */
export const kebab = '[a-z0-9]+(?:-[a-z0-9]+)*'
/** Text on one line. */
export const oneLine = /^[^\r\n]*$/
/** A bug id: kebab-case or like PLAT-200. */
export const bugId = new RegExp(`^(?:${kebab}|[A-Z][A-Z0-9]*-[0-9]+)$`)

/** Renders a value read from a scenario file on one short line, for "got …". */
export function shown(value: unknown): string {
  if (typeof value === 'string') {
    const chars = Array.from(value)
    return JSON.stringify(chars.length > 60 ? `${chars.slice(0, 57).join('')}...` : value)
  }
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length}`
  if (typeof value === 'object') {
    const keys = Object.keys(value)
    return keys.length === 0 ? 'an empty mapping' : `{${keys.join(', ')}}`
  }
  return String(value)
}

/** A zod error function: "expected <what>, got <value>", or "missing, expected <what>" when the field is absent. */
export function expected(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `missing, expected ${what}` : `expected ${what}, got ${shown(issue.input)}`
}

/** A strict object: unknown keys are errors that list the keys it accepts. */
export function strict<Shape extends z.core.$ZodLooseShape>(shape: Shape, what: string, allowed = Object.keys(shape).join(', ')) {
  const otherwise = expected(what)
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown key, expected one of ${allowed}` : otherwise(issue)),
  })
}

/** A non-empty string (matching `pattern` when given). */
export function text(what: string, pattern?: RegExp) {
  const error = expected(what)
  const base = z.string({ error }).min(1, { error })
  return pattern ? base.regex(pattern, { error }) : base
}

/** A list of at most `most` entries of `item` (the bound named in the error, "expected at most N …"). */
export function boundedList<T extends z.ZodType>(item: T, what: string, most: number) {
  return z.array(item, { error: expected(what) }).max(most, { error: (issue) => `expected at most ${most.toLocaleString('en-US')} entries in ${what}, got ${shown(issue.input)}` })
}

/** An integer, within `min` and `max` when given. */
export function integer(what: string, min?: number, max?: number) {
  const error = expected(what)
  let base = z.int({ error })
  if (min !== undefined) base = base.min(min, { error })
  if (max !== undefined) base = base.max(max, { error })
  return base
}

/** A value from a fixed list, read from a table of the kit (fixtures, collections, contracts), so the JSON Schema lists them too. */
export function oneOf(values: readonly string[]) {
  return z.enum(values as [string, ...string[]], { error: expected(`one of ${values.join(', ')}`) })
}

