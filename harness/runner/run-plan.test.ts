import { describe, expect, test } from 'vitest'
import { readRunPlan, runPlanVariable } from '#harness/runner/run-plan.ts'
import { suiteHistoriesVariable } from '#harness/runner/suite-histories.ts'

describe('readRunPlan', () => {
  test('with no plan, the default plan: every bundled system, and no History written unless a folder is named', async () => {
    const plan = await readRunPlan({})
    expect(plan.adapters.map((a) => a.name)).toContain('pager/reference@stdio')
    expect(plan).toMatchObject({ scenarios: [], noExpectations: false })
    expect(plan.historyDir).toBeUndefined()
    expect(plan.keepHistories).toBeUndefined()
  })
  test('with no plan and CONTRACT_KIT_SUITE_HISTORIES, every run writes its History into that folder', async () => {
    expect(await readRunPlan({ [suiteHistoriesVariable]: '/tmp/suite-histories' })).toMatchObject({ keepHistories: true, historyDir: '/tmp/suite-histories' })
  })
  test("the CLI's plan is kept as it came: the folder of the kit's own test run never reaches a run it starts", async () => {
    const given = { adapters: [{ name: 'pager/reference' }], scenarios: ['pager/**'], noExpectations: true }
    expect(await readRunPlan({ [runPlanVariable]: JSON.stringify(given), [suiteHistoriesVariable]: '/tmp/suite-histories' })).toEqual(given)
  })
})
