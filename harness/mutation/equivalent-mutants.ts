import type { Survivor } from '#harness/mutation/mutation-summary.ts'

/** A surviving mutant docs/mutation.md explains as equivalent: which reference and file, the mutator, the code it replaced and with what, and why. */
export interface EquivalentMutant {
  target: string
  file: string
  mutator: string
  original: string
  replacement: string
  reason: string
}

const header = ['reference', 'file', 'mutator', 'original', 'replacement', 'why it is equivalent']

/**
 * The equivalent mutants listed in docs/mutation.md: every row of its table whose header is `| reference | file |
 * mutator | original | replacement | why it is equivalent |`, code cells in backticks (a `|` in code written `\|`).
 */
export function readEquivalentMutants(markdown: string): EquivalentMutant[] {
  const found: EquivalentMutant[] = []
  let inTable = false
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false
      continue
    }
    const cells = cellsOf(line)
    if (cells.join('|') === header.join('|')) inTable = true
    else if (inTable && !/^-+$/.test(cells[0]!.replace(/:/g, ''))) {
      const [target, file, mutator, original, replacement, reason] = cells.map(unquoted)
      found.push({ target: target!, file: file!, mutator: mutator!, original: original!, replacement: replacement!, reason: reason! })
    }
  }
  return found
}

/**
 * The listed equivalent that explains a survivor of a target: same file and mutator, same code replaced by the same code
 * (whitespace runs as one space). A row whose file is `path:"text"` covers the survivors whose first line (`lineText`)
 * holds that text, wherever an edit moves it; `path:from-to` the survivors on those lines; `*` in the mutator, original
 * or replacement cell matches any.
 */
export function explanationOf(target: string, survivor: Survivor, listed: EquivalentMutant[], lineText = ''): EquivalentMutant | undefined {
  const same = (cell: string, value: string) => cell === '*' || flat(cell) === flat(value)
  return listed.find((e) => {
    if (e.target !== target) return false
    const anchor = /^(.+):"(.+)"$/.exec(e.file)
    const range = /^(.+):(\d+)-(\d+)$/.exec(e.file)
    const inFile = anchor
      ? anchor[1] === survivor.file && lineText.includes(anchor[2]!)
      : range
        ? range[1] === survivor.file && survivor.line >= Number(range[2]) && survivor.line <= Number(range[3])
        : e.file === survivor.file
    return inFile && same(e.mutator, survivor.mutator) && same(e.original, survivor.original) && same(e.replacement, survivor.replacement)
  })
}

/** Code as the list writes it: on one line, each run of whitespace one space. */
export function flat(code: string): string {
  return code.replace(/\s+/g, ' ').trim()
}

function cellsOf(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|\s*$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'))
}

/** A code span's text: inside its run of backticks, one space each side dropped when both are there (CommonMark). */
function unquoted(cell: string): string {
  const code = /^(`+)(.*)\1$/.exec(cell)
  if (!code) return cell
  const inner = code[2]!
  return inner.length > 2 && inner.startsWith(' ') && inner.endsWith(' ') ? inner.slice(1, -1) : inner
}
