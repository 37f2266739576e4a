import { describe, expect, it } from 'vitest'
import type { Diagnosis } from '#harness/doctor/diagnosis.ts'
import { formatDiagnosis } from '#harness/doctor/format-diagnosis.ts'

const diagnosis: Diagnosis = {
  command: ['python3', 'pager.py'],
  system: { name: 'my-pager', ports: ['pager'] },
  ok: false,
  checks: [
    { id: 'handshake', status: 'ok', summary: 'my-pager answered initialize in 40 ms, declaring pager', details: [] },
    { id: 'stdout', status: 'fail', summary: 'stdout line 1 is not a JSON-RPC response', details: ['stdout line 4, between calls: "tick"'], fix: 'print logs on stderr:\n  Python: print(..., file=sys.stderr)' },
    { id: 'stderr', status: 'warn', summary: 'too much', details: [], fix: 'log less' },
    { id: 'latency', status: 'skip', summary: 'not checked: initialize was not answered', details: [] },
  ],
}

describe('formatDiagnosis', () => {
  it('prints a header, one line per check with its mark, the details and the fix indented, and a verdict', () => {
    expect(formatDiagnosis(diagnosis, 'stdio:python3 pager.py')).toBe(
      [
        'contract-kit doctor: stdio:python3 pager.py',
        '  command: ["python3","pager.py"]',
        '✓ ok   handshake  my-pager answered initialize in 40 ms, declaring pager',
        '✗ fail stdout     stdout line 1 is not a JSON-RPC response',
        '      stdout line 4, between calls: "tick"',
        '      fix: print logs on stderr:',
        '             Python: print(..., file=sys.stderr)',
        '! warn stderr     too much',
        '      fix: log less',
        '- skip latency    not checked: initialize was not answered',
        'doctor: 1 check failed, 1 warning: the kit cannot run this implementation reliably; fix the failures first',
      ].join('\n'),
    )
  })

  it('names the command when no label is given, and says when every check passed', () => {
    const healthy: Diagnosis = { ...diagnosis, ok: true, checks: [diagnosis.checks[0]] }
    expect(formatDiagnosis(healthy).split('\n')).toEqual([
      'contract-kit doctor: ["python3","pager.py"]',
      '✓ ok   handshake  my-pager answered initialize in 40 ms, declaring pager',
      'doctor: every check passed',
    ])
  })
})
