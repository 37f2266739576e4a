import { afterAll, describe, test } from 'vitest'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { expectNeverHeld, silentCasesOf } from '#harness/__test-helpers__/silent-system-cases.ts'

// silent-systems.test.ts's proof for the tool output: its silent systems never `held` on any bundled tool-output
// scenario, in process, and the program that crashes at its first call (a process a scenario); the systems served over
// stdio are silent-systems-tool-output-stdio.test.ts's, beside this file (over stdio each run starts a tool process of
// its own, and most of the time is spent waiting on processes). The kit makes each scenario's output with its own
// snapshotter — one scenario's page in real Chromium, the file's one browser, closed at the end. The tests run one
// after another.

afterAll(async () => {
  await closeKitSnapshotter()
})

describe('silent implementations are never held', () => {
  test.for(silentCasesOf('tool-output').filter((c) => !c.adapter.name.endsWith('@stdio')).map((c) => [c.adapter.name, c] as const))('%s: no run held on any bundled scenario of its port', { timeout: 300_000 }, async ([, c], { expect }) => {
    await expectNeverHeld(c, expect)
  })
})
