import { describe, expect, test } from 'vitest'
import { recordBundledSessionScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceSessionClient } from '#fixtures/systems/session-client/reference.ts'
import { checkReplyReadWhole } from '#harness/contracts/reply-read-whole.ts'
import type { SessionClientPort } from '#harness/ports/session-client-port.ts'

// A red-team finding: in a transcript, an earlier reply that stays cut as the docs ask (an older server, reads that
// all fail) counted against the settling reply, so recovery/reply-read-whole broke a correct client. Each reply is
// judged on its own now; a marker or a cut line on the settling reply itself still breaks it.

/** The reference client, with its stdout passed through `change`. */
const rewriting = (change: (stdout: string) => string) => (): SessionClientPort => {
  const client = createReferenceSessionClient()
  return { run: async (request) => ((r) => ({ ...r, stdout: change(r.stdout) }))(await client.run(request)) }
}

describe('recovery/reply-read-whole judges the settling reply of a transcript on its own', () => {
  test.for(['older-server-later-turn-text', 'reads-fail-later-turn-text'])('%s: the reference holds, though the earlier reply stays cut', async (id) => {
    const history = await recordBundledSessionScenario(id, createReferenceSessionClient)
    expect(checkReplyReadWhole(history)).toMatchObject({ verdict: 'held', evidence: expect.stringMatching(/^transcript holds the 12-byte settling reply m-4 whole, no marker on it, exit 0 \(the earlier reply m-2 stays cut/) })
  })
  test('a cut line after the settling reply too: broken, it said the reply is cut', async () => {
    const history = await recordBundledSessionScenario('older-server-later-turn-text', rewriting((out) => `${out}[reply cut: the server has no GetSessionMessage]\n`))
    expect(checkReplyReadWhole(history)).toMatchObject({ verdict: 'broken', message: 'the client said the reply is cut instead of the whole reply (12 bytes)' })
  })
  test('a marker on the settling reply: broken', async () => {
    const history = await recordBundledSessionScenario('reads-fail-later-turn-text', rewriting((out) => out.replace('Turn 2 done.', 'Turn 2 done.[3 bytes truncated]')))
    expect(checkReplyReadWhole(history)).toMatchObject({ verdict: 'broken' })
  })
})
