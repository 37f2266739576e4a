import { statSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'

/**
 * A command line with each word that names an existing file relative to `cwd` made absolute — the program when it is
 * written as a path (`./bin/pager`, `examples/python/pager.py`), and any argument (`pager.py`) — so that the command
 * means the same when the kit starts it in another working folder (an agent-log run starts it in a sandbox). A bare
 * program name (`python3`) is left to PATH; options (`-m`, `--flag`) and words naming no file are left as written.
 */
export function withAbsolutePaths(argv: readonly string[], cwd: string = process.cwd()): string[] {
  return argv.map((word, i) => {
    if (word === '' || word.startsWith('-') || isAbsolute(word)) return word
    if (i === 0 && !word.includes('/')) return word
    const path = resolve(cwd, word)
    return isFile(path) ? path : word
  })
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
