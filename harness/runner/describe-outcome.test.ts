import { describe, expect, test } from 'vitest'
import { describeOutcome } from '#harness/runner/describe-outcome.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'

const outcome = (verdict: RunOutcome['verdict'], message: string): RunOutcome => ({
  scenario: 'regressions/plat-114/crash-leaves-running-row',
  adapter: 'http:http://127.0.0.1:8080/rpc',
  port: 'agent-log',
  system: null,
  verdict,
  exercises: [],
  contracts: [],
  stale: [],
  error: { message, stderr: '' },
  reproduce: 'npx contract-kit run …',
})

describe('describeOutcome', () => {
  test('says the verdict once before its reason, also where the reason starts with it (untestable)', () => {
    expect(describeOutcome(outcome('untestable', 'untestable: http:… cannot observe its process id'))).toContain('\n  untestable: http:… cannot observe its process id\n')
    expect(describeOutcome(outcome('error', 'timeout: `initialize` got no answer'))).toContain('\n  error: timeout: `initialize` got no answer\n')
  })
})
