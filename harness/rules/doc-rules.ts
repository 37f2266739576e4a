/** One rule a document states: its id, where it is written, and the statement that holds it. */
export interface DocRule {
  id: string
  /** The document, relative to the package root (`docs/pager-port.md`). */
  doc: string
  /** The 1-based line of the statement that holds it. */
  line: number
  text: string
}

/** What reading a document's rules gave: the rules, and what is wrong with how they are marked. */
export interface DocRulesReading {
  rules: DocRule[]
  problems: string[]
}

/** The marker of a rule: `[rule:pager.limit-bound]`, a dotted id of kebab-case words. */
export const ruleMarker = /\[rule:([a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+)\]/g

/** The words that make a statement normative (RFC 2119 style, upper case only). */
const normative = /\b(MUST|NEVER)\b/

/**
 * Reads the rules a Markdown document states. A statement is a paragraph, a list item (with its continuation lines),
 * a table row or a heading; fenced code is passed over. Every statement that says MUST or NEVER carries at least one
 * `[rule:id]` marker, and every marker sits in such a statement; anything else is a problem, named with its line.
 */
export function readDocRules(doc: string, source: string): DocRulesReading {
  const rules: DocRule[] = []
  const problems: string[] = []
  for (const statement of statementsOf(source)) {
    const ids = [...statement.text.matchAll(ruleMarker)].map((m) => m[1]!)
    const says = normative.test(statement.text)
    const where = `${doc}:${statement.line}`
    if (says && ids.length === 0) problems.push(`${where}: a MUST or NEVER with no [rule:…] id: ${excerpt(statement.text)}`)
    if (!says && ids.length > 0) problems.push(`${where}: [rule:${ids[0]}] marks a statement with no MUST or NEVER: ${excerpt(statement.text)}`)
    if (/\[rule:/.test(statement.text.replace(ruleMarker, ''))) problems.push(`${where}: a [rule:…] marker that is not a dotted kebab-case id: ${excerpt(statement.text)}`)
    for (const id of ids) rules.push({ id, doc, line: statement.line, text: statement.text })
  }
  return { rules, problems }
}

/** The statements of a Markdown text, each with the line it starts on. */
function statementsOf(source: string): Array<{ line: number; text: string }> {
  const statements: Array<{ line: number; text: string }> = []
  let current: { line: number; lines: string[] } | undefined
  let fenced = false
  const end = () => {
    if (current) statements.push({ line: current.line, text: current.lines.join(' ') })
    current = undefined
  }
  source.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd()
    if (/^\s*(```|~~~)/.test(line)) {
      end()
      fenced = !fenced
      return
    }
    if (fenced) return
    if (line.trim() === '') return end()
    const starts = /^\s*([-*+]\s|\d+[.)]\s|\||#)/.test(line)
    if (starts || line.startsWith('|')) end()
    if (!current) current = { line: index + 1, lines: [] }
    current.lines.push(line.trim())
    if (line.trimStart().startsWith('|') || line.startsWith('#')) end()
  })
  end()
  return statements
}

function excerpt(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim()
  return JSON.stringify(plain.length > 100 ? `${plain.slice(0, 97)}...` : plain)
}
