import { expect, test } from 'vitest'
import { endsProcess } from '#harness/scenario/ends-process.ts'

test('kill, restart and corrupt end the process; reuse, check and the ordinary steps do not', () => {
  expect(['kill', 'restart', 'corrupt', 'reuse', 'check', { start: { agent: 'a' } }].map(endsProcess)).toEqual([true, true, true, false, false, false])
})
