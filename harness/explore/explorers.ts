import type { PortName } from '#harness/adapters/adapter.ts'
import type { PortExplorer } from '#harness/explore/port-explorer.ts'
import { pagerExplorer } from '#harness/explore/pager-explorer.ts'
import { sessionClientExplorer } from '#harness/explore/session-client-explorer.ts'
import { snapshotterExplorer } from '#harness/explore/snapshotter-explorer.ts'
import { toolOutputExplorer } from '#harness/explore/tool-output-explorer.ts'
import { agentLogExplorer } from '#harness/explore/agent-log-explorer.ts'

/** The explorer of every port, by port name. */
export const explorers: { [P in PortName]: PortExplorer<P> } = {
  pager: pagerExplorer,
  'session-client': sessionClientExplorer,
  snapshotter: snapshotterExplorer,
  'tool-output': toolOutputExplorer,
  'agent-log': agentLogExplorer,
}
