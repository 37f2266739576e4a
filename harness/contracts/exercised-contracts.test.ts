import { describe, expect, test } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exercisedContracts } from '#harness/contracts/exercised-contracts.ts'
import { loadScenarioFile } from '#harness/scenario/load-scenarios.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'

const pager = (steps: unknown[], contracts?: string[]) =>
  ({ title: 't', port: 'pager', fixture: 'analysis-run/six-turns', given: { ceilings: [{ measure: 'json-bytes', max: 262144 }] }, steps, ...(contracts ? { contracts } : {}) }) as unknown as Scenario

/** Loads a scenario written to a temp folder: what it exercises, or the ScenarioError's one line when it is refused. */
async function load(text: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'contract-kit-exercised-'))
  try {
    writeFileSync(join(dir, 'case.yaml'), text)
    const loaded = await loadScenarioFile(join(dir, 'case.yaml'), dir)
    return `exercises ${loaded.exercises.join(', ')}`
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error
    return error.message.replace(dir, '<dir>')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('exercisedContracts', () => {
  test('derived from the steps: a walk exercises cursor-exactly-once, a single invalid-limit read only limit-is-upper-bound', () => {
    expect(exercisedContracts(pager([{ walk: { collection: 'model-exchanges' } }]))).toMatchObject({ ok: true, exercises: expect.arrayContaining(['recovery/cursor-exactly-once']) })
    expect(exercisedContracts(pager([{ read: { collection: 'model-exchanges', limit: 0 } }]))).toEqual({ ok: true, exercises: ['size/limit-is-upper-bound'] })
  })

  test('a named contract the steps cannot exercise is refused at its position, with the reason', () => {
    expect(exercisedContracts(pager([{ read: { collection: 'model-exchanges' } }], ['size/page-fits-ceilings', 'recovery/cursor-exactly-once']))).toEqual({
      ok: false,
      path: ['contracts', 1],
      message: 'recovery/cursor-exactly-once is not exercised by this scenario: no walk with a valid limit: no cursors to follow',
    })
  })

  test('a contract named twice is refused', () => {
    expect(exercisedContracts(pager([{ walk: { collection: 'model-exchanges' } }], ['recovery/cursor-exactly-once', 'recovery/cursor-exactly-once']))).toMatchObject({ ok: false, path: ['contracts', 1] })
  })

  test('a scenario that exercises nothing is refused, each contract with its reason', () => {
    const none = exercisedContracts({ title: 't', port: 'agent-log', given: { workspace: 'sandboxed', store: 'writable', uiEventCap: 200 }, steps: [{ activity: 5 }] } as Scenario)
    expect(none).toMatchObject({ ok: false, path: ['steps'], message: expect.stringMatching(/^this scenario exercises no contract \(durability\/one-row-per-agent: .*\)$/) })
  })

  test('every bundled scenario exercises at least one contract, and each one it names', () => {
    for (const loaded of bundledScenarios) {
      expect(loaded.exercises.length, loaded.id).toBeGreaterThan(0)
      for (const id of loaded.scenario.contracts ?? []) expect(loaded.exercises, loaded.id).toContain(id)
    }
  })
})

describe('scenario files: what a scenario exercises is validated like any field', () => {
  test('a named contract the steps cannot exercise: file:line:column: contracts[i]: why (exit 2 from the CLI)', async () => {
    const text = ['title: one read', 'port: pager', 'fixture: analysis-run/six-turns', 'given:', '  ceilings: [{ measure: json-bytes, max: 262144 }]', 'steps:', '  - read: { collection: model-exchanges }', 'contracts:', '  - size/page-fits-ceilings', '  - recovery/cursor-exactly-once', ''].join('\n')
    expect(await load(text)).toBe('<dir>/case.yaml:10:5: contracts[1]: recovery/cursor-exactly-once is not exercised by this scenario: no walk with a valid limit: no cursors to follow')
  })

  test('a scenario that exercises nothing points at its steps', async () => {
    const text = ['title: only activity', 'port: agent-log', 'steps:', '  - activity: 5', ''].join('\n')
    expect(await load(text)).toMatch(/^<dir>\/case\.yaml:4:3: steps: this scenario exercises no contract \(/)
  })

  test('a valid file lists what it exercises', async () => {
    const text = ['title: one walk', 'port: pager', 'fixture: analysis-run/six-turns', 'given:', '  ceilings: [{ measure: json-bytes, max: 262144 }]', 'steps:', '  - walk: { collection: model-exchanges }', ''].join('\n')
    expect(await load(text)).toMatch(/^exercises .*recovery\/cursor-exactly-once/)
  })
})
