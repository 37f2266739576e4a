import type { CheckStatus, Diagnosis } from '#harness/doctor/diagnosis.ts'
import { terminalText } from '#harness/reporters/terminal-text.ts'

const marks: Record<CheckStatus, string> = { ok: '✓ ok  ', warn: '! warn', fail: '✗ fail', skip: '- skip' }

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** The text `contract-kit doctor` prints: a header, one line per check (✓ ok, ! warn, ✗ fail, - skip), its details and fix indented, and a verdict line. */
export function formatDiagnosis(diagnosis: Diagnosis, label = diagnosis.url === undefined ? JSON.stringify(diagnosis.command) : `http:${diagnosis.url}`): string {
  const lines = [`contract-kit doctor: ${label}`]
  if (diagnosis.command.length > 0 && label !== JSON.stringify(diagnosis.command)) lines.push(`  command: ${JSON.stringify(diagnosis.command)}`)
  const width = Math.max(...diagnosis.checks.map((check) => check.id.length))
  for (const check of diagnosis.checks) {
    // a summary or detail may quote what the implementation wrote: shown, never obeyed, by the terminal
    lines.push(`${marks[check.status]} ${check.id.padEnd(width)}  ${terminalText(check.summary)}`)
    for (const detail of check.details) lines.push(`      ${terminalText(detail)}`)
    if (check.fix !== undefined && (check.status === 'warn' || check.status === 'fail')) {
      const [first, ...rest] = check.fix.split('\n')
      lines.push(`      fix: ${first}`)
      for (const line of rest) lines.push(`           ${line}`)
    }
  }
  const failed = diagnosis.checks.filter((check) => check.status === 'fail').length
  const warned = diagnosis.checks.filter((check) => check.status === 'warn').length
  lines.push(
    failed > 0
      ? `doctor: ${count(failed, 'check')} failed, ${count(warned, 'warning')}: the kit cannot run this implementation reliably; fix the failures first`
      : warned > 0
        ? `doctor: no check failed, ${count(warned, 'warning')}: the kit can run this implementation`
        : 'doctor: every check passed',
  )
  return lines.join('\n')
}
