import type { PortName } from '#harness/adapters/adapter.ts'
import type { Driver } from '#harness/drivers/driver.ts'
import { pagerDriver } from '#harness/drivers/pager/pager-driver.ts'
import { sessionClientDriver } from '#harness/drivers/session-client/session-client-driver.ts'
import { snapshotterDriver } from '#harness/drivers/snapshotter/snapshotter-driver.ts'
import { toolOutputDriver } from '#harness/drivers/tool-output/tool-output-driver.ts'
import { agentLogDriver } from '#harness/drivers/agent-log/agent-log-driver.ts'

/** The driver of each port. */
export const drivers: { [P in PortName]: Driver<never, unknown> } = {
  pager: pagerDriver as Driver<never, unknown>,
  'session-client': sessionClientDriver as Driver<never, unknown>,
  snapshotter: snapshotterDriver as Driver<never, unknown>,
  'tool-output': toolOutputDriver as Driver<never, unknown>,
  'agent-log': agentLogDriver as Driver<never, unknown>,
}
