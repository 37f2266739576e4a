import type { Driver } from '#harness/drivers/driver.ts'
import type { PagerScenario } from '#harness/scenario/scenario-schema.ts'
import { drivePager, pagerHistory } from '#harness/drivers/pager/drive-pager.ts'
import { preparePagerReplay } from '#harness/drivers/pager/prepare-pager-replay.ts'
import type { PreparedPagerReplay } from '#harness/drivers/pager/prepare-pager-replay.ts'

/** The pager port's driver: setup, then each read and walk, with the dispatcher's verdict on every page. */
export const pagerDriver: Driver<PagerScenario, PreparedPagerReplay> = {
  prepare: preparePagerReplay,
  async drive(connection, prepared, recorder) {
    await drivePager(connection, prepared, recorder)
  },
  history(prepared, fields, recorder) {
    return pagerHistory({ ...fields, fixture: prepared.fixture, ceilings: prepared.ceilings, oracle: prepared.oracle, steps: prepared.steps }, recorder)
  },
}
