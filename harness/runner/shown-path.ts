import { isAbsolute, relative, resolve } from 'node:path'

/** A path as a command line shows it: relative when it lies inside the working folder (`.` for the folder itself), absolute otherwise. */
export function shownPath(path: string, cwd: string = process.cwd()): string {
  const absolute = resolve(cwd, path)
  const below = relative(cwd, absolute)
  if (below === '') return '.'
  return below.startsWith('..') || isAbsolute(below) ? absolute : below
}
