import { afterAll, describe, test } from 'vitest'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { expectNeverHeld, silentCasesOf } from '#harness/__test-helpers__/silent-system-cases.ts'

// silent-systems-tool-output.test.ts's proof for the tool output's silent systems served over stdio (a process of the
// compiled kit's server a system, and a tool process of its own each run): never `held` on any bundled tool-output
// scenario. A file of its own so that it runs beside the in-process half: most of its time is spent waiting on
// processes. The tests run one after another, with the file's one browser, closed at the end.

afterAll(async () => {
  await closeKitSnapshotter()
})

describe('silent implementations are never held', () => {
  test.for(silentCasesOf('tool-output').filter((c) => c.adapter.name.endsWith('@stdio')).map((c) => [c.adapter.name, c] as const))('%s: no run held on any bundled scenario of its port', { timeout: 300_000 }, async ([, c], { expect }) => {
    await expectNeverHeld(c, expect)
  })
})
