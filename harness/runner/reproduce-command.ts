import { shellWord } from '#harness/runner/shell-word.ts'
import { shownPath } from '#harness/runner/shown-path.ts'

/**
 * The shell command that runs one scenario against one adapter alone, quoted for a POSIX shell; `select` replaces
 * `--adapter NAME` (e.g. `--profile FILE`); `scenarioDir`, a folder other than the bundled scenarios, is given as
 * `--scenario-dir` (relative to the current folder when it lies inside it, else absolute).
 */
export function reproduceCommand(scenarioId: string, adapterName: string, noExpectations = false, select: readonly string[] = ['--adapter', adapterName], scenarioDir?: string): string {
  const dir = scenarioDir === undefined ? [] : ['--scenario-dir', shownPath(scenarioDir)]
  return ['npx', 'contract-kit', 'run', ...select, ...dir, '--scenario', scenarioId, ...(noExpectations ? ['--no-expectations'] : [])].map(shellWord).join(' ')
}
