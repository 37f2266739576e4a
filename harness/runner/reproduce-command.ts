/** The shell command that runs one scenario against one adapter alone, quoted for a POSIX shell; `select` replaces `--adapter NAME` (e.g. `--profile FILE`). */
export function reproduceCommand(scenarioId: string, adapterName: string, noExpectations = false, select: readonly string[] = ['--adapter', adapterName]): string {
  return ['npx', 'contract-kit', 'run', ...select.map(quote), '--scenario', quote(scenarioId), ...(noExpectations ? ['--no-expectations'] : [])].join(' ')
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}
