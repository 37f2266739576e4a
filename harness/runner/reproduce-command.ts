import { isAbsolute, relative } from 'node:path'
import { shellWord } from '#harness/runner/shell-word.ts'

/**
 * The shell command that runs one scenario against one adapter alone, quoted for a POSIX shell; `select` replaces
 * `--adapter NAME` (e.g. `--profile FILE`); `scenarioDir`, a folder other than the bundled scenarios, is given as
 * `--scenario-dir` (relative to the current folder when it lies below it).
 */
export function reproduceCommand(scenarioId: string, adapterName: string, noExpectations = false, select: readonly string[] = ['--adapter', adapterName], scenarioDir?: string): string {
  const dir = scenarioDir === undefined ? [] : ['--scenario-dir', shownFolder(scenarioDir)]
  return ['npx', 'contract-kit', 'run', ...select, ...dir, '--scenario', scenarioId, ...(noExpectations ? ['--no-expectations'] : [])].map(shellWord).join(' ')
}

function shownFolder(folder: string): string {
  const below = relative(process.cwd(), folder)
  return below === '' ? '.' : below.startsWith('..') || isAbsolute(below) ? folder : below
}
