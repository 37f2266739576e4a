import { describe, expect, test } from 'vitest'
import { recordBundledSessionScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { exampleClientMutants } from '#fixtures/systems/session-client/mutants/example-client-mutants.ts'
import { checkStreamResumesFromCursor } from '#harness/contracts/stream-resumes-from-cursor.ts'
import { createCommandAdapterClient } from '#harness/__test-helpers__/session-server/command-client.ts'
import { thirdPartyClients } from '#harness/__test-helpers__/session-server/third-party-clients.ts'

// The rules of docs/session-protocol.md (GOAWAY as real servers send it, REFUSED_STREAM, the end-of-stream envelope)
// are owned by recovery/stream-resumes-from-cursor: each mutant of the node:http2 example client, one fault each,
// breaks it in the scenario made for its rule, naming the frames; the example client itself holds there.

const cases: Record<string, [string, RegExp]> = {
  'takes-missing-end-for-done': ['no-end-before-settling', /over 1 watch call of 5 frames: 3 frames lost \(c-0003, c-0004, c-0005\)/],
  'ends-watch-at-goaway': ['goaway-two-step', /over 1 watch call of 5 frames: 2 frames lost \(c-0004, c-0005\)/],
  'replays-drained-watch': ['goaway-drain-internal-error', /over 2 watch calls of 5 frames: 2 duplicated \(c-0001, c-0002\)/],
  'gives-up-on-refused-stream': ['goaway-refused-stream', /over 1 watch call of 4 frames: 4 frames lost/],
}

describe('each mutant of a session-protocol rule breaks recovery/stream-resumes-from-cursor in its scenario', () => {
  test('every such mutant has its case here', () => {
    expect(exampleClientMutants.map((m) => m.name.split('/').pop()).sort()).toEqual(Object.keys(cases).sort())
  })
  test.for(exampleClientMutants)('$name', { timeout: 30_000 }, async (mutant) => {
    const [scenario, message] = cases[mutant.name.split('/').pop()!]
    const result = checkStreamResumesFromCursor(await recordBundledSessionScenario(scenario, mutant.create))
    expect(result).toMatchObject({ verdict: 'broken', message: expect.stringMatching(message) })
  })
  test.for(Object.values(cases).map(([scenario]) => scenario))('the node:http2 example client holds %s', { timeout: 30_000 }, async (scenario) => {
    const example = thirdPartyClients().find((c) => c.name === 'node-http2')!
    const result = checkStreamResumesFromCursor(await recordBundledSessionScenario(scenario, () => createCommandAdapterClient(example.template!)))
    expect(result.verdict).toBe('held')
  })
})
