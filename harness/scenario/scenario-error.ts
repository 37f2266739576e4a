import { isAbsolute, relative } from 'node:path'

/** Where and why a scenario file was rejected. */
export interface ScenarioErrorDetails {
  /** The file, absolute. */
  file: string
  /** The field path (`given.ceilings[1].measure`); empty for the whole file or a YAML syntax error. */
  field: string
  /** 1-based line of the failing node (or of its nearest parent); absent when the file has no such node. */
  line?: number
  /** 1-based column, with `line`. */
  column?: number
  /** What was expected (and what was found), on one line. */
  expected: string
}

/** A rejected scenario file, with a one-line message: `<path>:<line>:<column>: <field path>: <what was expected>`. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError'
  readonly file: string
  readonly field: string
  readonly line: number | undefined
  readonly column: number | undefined
  readonly expected: string

  constructor(details: ScenarioErrorDetails) {
    const expected = details.expected.replace(/\s*[\r\n]+\s*/g, ' ').trim()
    const where = details.line === undefined ? '' : `:${details.line}:${details.column ?? 1}`
    super(`${shownPath(details.file)}${where}: ${details.field ? `${details.field}: ` : ''}${expected}`)
    this.file = details.file
    this.field = details.field
    this.line = details.line
    this.column = details.line === undefined ? undefined : (details.column ?? 1)
    this.expected = expected
  }
}

/** The file as a reader wants it: relative to the working folder when inside it, else as given. */
function shownPath(file: string): string {
  const fromHere = relative(process.cwd(), file)
  return fromHere && !fromHere.startsWith('..') && !isAbsolute(fromHere) ? fromHere.split('\\').join('/') : file
}
