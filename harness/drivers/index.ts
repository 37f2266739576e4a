import type { PortName } from '#harness/adapters/adapter.ts'
import type { Driver } from '#harness/drivers/driver.ts'
import { pagerDriver } from '#harness/drivers/pager/pager-driver.ts'
import { sessionClientDriver } from '#harness/drivers/session-client/session-client-driver.ts'

/** The driver of each port. */
export const drivers: { [P in PortName]: Driver<never, unknown> } = {
  pager: pagerDriver as Driver<never, unknown>,
  'session-client': sessionClientDriver as Driver<never, unknown>,
}
