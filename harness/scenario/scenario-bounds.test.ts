import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadScenarioFile } from '#harness/scenario/load-scenarios.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'

const root = mkdtempSync(join(tmpdir(), 'contract-kit-bounds-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

let written = 0
/** The ScenarioError loading a scenario of this text throws (one line, with a position). */
const rejection = async (text: string): Promise<ScenarioError> => {
  const file = join(root, `s-${++written}.yaml`)
  writeFileSync(file, text)
  const error = await loadScenarioFile(file, root).then(() => undefined, (thrown: unknown) => thrown)
  if (!(error instanceof ScenarioError)) throw new Error(`expected a ScenarioError, got ${String(error)}`)
  expect(error.message).not.toMatch(/[\r\n]/)
  expect(error.line).toBeGreaterThan(0)
  return error
}

const pager = (fixture: string, step = 'read: { collection: model-exchanges }') =>
  `port: pager\ntitle: x\nfixture: ${fixture}\ngiven:\n  ceilings: [{ measure: json-bytes, max: 100 }]\nsteps:\n  - ${step}\n`
const page = (spec: string) => `port: snapshotter\ntitle: x\ngiven:\n  page: ${spec}\n`
const session = (given: string) => `port: session-client\ntitle: x\ngiven:\n  reply: short\n  ${given}\n`
const agentLog = (steps: string) => `port: agent-log\ntitle: x\nsteps:\n${steps}`

describe('scenario bounds: every size, count and time has an upper bound, named in the error', () => {
  it('pages: name length, items, lists deep, and all names together', async () => {
    expect(await rejection(page('{ kind: flat, siblings: 3, text: 1000000000 }'))).toMatchObject({ line: 4, column: 42, field: 'given.page.text', expected: 'expected a name length: a positive integer at most 2,000, or { min, max }, got 1000000000' })
    expect(await rejection(page('{ kind: flat, siblings: 5000000 }'))).toMatchObject({ field: 'given.page.siblings', expected: 'expected a positive integer, at most 50,000, got 5000000' })
    expect(await rejection(page('{ kind: deep, depth: 100000 }'))).toMatchObject({ field: 'given.page.depth', expected: 'expected a positive integer, at most 100, got 100000' })
    expect(await rejection(page('{ kind: tree, fanout: [1000, 1000] }'))).toMatchObject({ field: 'given.page', expected: 'expected at most 50,000 list items in the page' })
    expect(await rejection(page('{ kind: flat, siblings: 50000, text: { min: 1, max: 21 } }'))).toMatchObject({ line: 4, column: 9, field: 'given.page', expected: expect.stringMatching(/^expected at most 1,000,000 code points of names .* got 1,050,000$/) })
    expect(await rejection(`${page('{ kind: flat, siblings: 3 }')}  requests:\n${'    - { depth: 1 }\n'.repeat(101)}`)).toMatchObject({ field: 'given.requests', expected: 'expected at most 100 entries in a list of snapshot options, got a list of 101' })
  })

  it('agent-log: UI events per step and in the whole scenario, and the cap', async () => {
    expect(await rejection(agentLog('  - activity: 2000000000\n'))).toMatchObject({ line: 4, column: 15, field: 'steps[0].activity', expected: expect.stringContaining('at most 100,000') })
    expect(await rejection(agentLog('  - activity: 100000\n'.repeat(11)))).toMatchObject({ line: 14, field: 'steps[10].activity', expected: expect.stringMatching(/^expected at most 1,000,000 UI events in the whole scenario/) })
    expect(await rejection(agentLog('  - generate: { seed: 1, activity: { bursts: 100000, events: 100000 } }\n'))).toMatchObject({ field: 'steps[0].generate.activity' })
    expect(await rejection(`${agentLog('  - check\n')}given: { uiEventCap: 2000000000 }\n`)).toMatchObject({ field: 'given.uiEventCap' })
  })

  it('session-client: times below 2^31 ms, the view and the frames', async () => {
    expect(await rejection(session('tryTimeoutMs: 2147483648'))).toMatchObject({ line: 5, column: 17, field: 'given.tryTimeoutMs', expected: 'expected a positive integer of milliseconds, at most 600000, got 2147483648' })
    expect(await rejection(session('faults: [{ atFrame: 1, kind: delay, ms: 3000000000 }]'))).toMatchObject({ field: 'given.faults[0].ms', expected: expect.stringContaining('at most 600000') })
    expect(await rejection(session('faults: [{ atFrame: 1, kind: goaway, then: close, graceMs: 3000000000 }]'))).toMatchObject({ field: 'given.faults[0].graceMs' })
    expect(await rejection(session('viewLimitBytes: 100000000'))).toMatchObject({ field: 'given.viewLimitBytes', expected: expect.stringContaining('at most 262144') })
    expect(await rejection(session('framesAfter: 1000000'))).toMatchObject({ field: 'given.framesAfter' })
    expect(await rejection(session('laterTurns: 1000000'))).toMatchObject({ field: 'given.laterTurns' })
  })

  it('pager: generated runs, steps, walks and ceilings', async () => {
    expect(await rejection(pager('{ analysis-run: { turns: 500 } }'))).toMatchObject({ line: 3, column: 35, field: 'fixture.analysis-run.turns', expected: expect.stringMatching(/^expected at most 30,000 messages carried .* got 250,000/) })
    expect(await rejection(pager('{ analysis-run: { turns: 400, context: 40, toolCalls: 20001 } }'))).toMatchObject({ field: 'fixture.analysis-run.toolCalls' })
    expect(await rejection(pager('analysis-run/six-turns', 'walk: { collection: model-exchanges, maxPages: 2000000000 }'))).toMatchObject({ field: 'steps[0].walk.maxPages' })
    expect(await rejection(pager('analysis-run/six-turns', 'read: { collection: model-exchanges, limit: 9007199254740991 }'))).toMatchObject({ field: 'steps[0].read.limit' })
    const many = pager('analysis-run/six-turns').replace('steps:\n', `steps:\n${'  - read: { collection: model-exchanges }\n'.repeat(1000)}`)
    expect(await rejection(many)).toMatchObject({ line: 7, field: 'steps', expected: 'expected at most 1,000 entries in a list of steps, got a list of 1001' })
  })
})
