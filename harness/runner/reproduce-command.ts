/** The shell command that runs one scenario against one adapter alone, quoted for a POSIX shell. */
export function reproduceCommand(scenarioId: string, adapterName: string, noExpectations = false): string {
  return ['npx', 'contract-kit', 'run', '--adapter', quote(adapterName), '--scenario', quote(scenarioId), ...(noExpectations ? ['--no-expectations'] : [])].join(' ')
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}
