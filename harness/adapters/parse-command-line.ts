import { parse, type ParseEntry } from 'shell-quote'

/**
 * Turns a command line (the text after `stdio:`) into an argv array, with shell quoting rules
 * (quotes and backslashes) but no shell: operators, redirections, globs, comments, `$VAR` and
 * command substitution, and a leading `NAME=value` are rejected with a one-line Error, as is an
 * empty command. `~` and `{a,b}` are passed on literally.
 */
export function parseCommandLine(text: string): string[] {
  const expanded: string[] = []
  let entries: ParseEntry[]
  try {
    entries = parse(text, (name: string): string => {
      expanded.push(name)
      return ''
    })
  } catch (error) {
    throw new Error(`cannot read the command line ${JSON.stringify(text)}: ${(error as Error).message}`)
  }
  if (expanded.length > 0) {
    const name = expanded[0] === '' ? '$' : `$${expanded[0]}`
    throw new Error(
      `the command line ${JSON.stringify(text)} uses ${name}: no shell runs it, so nothing is expanded (quote a literal $ with '...')`,
    )
  }
  if (text.includes('`')) {
    throw new Error(`the command line ${JSON.stringify(text)} has a backquote: no shell runs it, so there is no command substitution`)
  }
  const argv: string[] = []
  for (const entry of entries) {
    if (typeof entry === 'string') {
      argv.push(entry)
    } else if ('comment' in entry) {
      throw new Error(`the command line ${JSON.stringify(text)} has a comment (#${entry.comment}): no shell runs it; quote a literal #`)
    } else if (entry.op === 'glob') {
      throw new Error(
        `the command line ${JSON.stringify(text)} has a glob (${entry.pattern}): no shell runs it, so patterns are not expanded; quote a literal * or ?`,
      )
    } else {
      throw new Error(
        `the command line ${JSON.stringify(text)} has the shell operator ${entry.op}: no shell runs it; give one program and its arguments`,
      )
    }
  }
  if (argv.length === 0 || argv[0] === '') throw new Error(`the command line ${JSON.stringify(text)} names no program`)
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[0])) {
    throw new Error(`the command line ${JSON.stringify(text)} starts with a variable assignment (${argv[0]}): no shell runs it; set the environment another way`)
  }
  return argv
}
