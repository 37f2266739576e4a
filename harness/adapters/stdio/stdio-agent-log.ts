import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { excerptJson } from '#harness/adapters/stdio/excerpt.ts'
import type { JsonRpcCaller } from '#harness/adapters/stdio/stdio-pager.ts'
import type { AgentLogPort, AgentRecord } from '#harness/ports/agent-log-port.ts'

/** The agent-log port over stdio: each operation is the JSON-RPC method `agent-log.<operation>`; `records` answers `{ records }`. */
export function createStdioAgentLog(rpc: JsonRpcCaller): AgentLogPort {
  const call = async (operation: string, params: object): Promise<unknown> => {
    const outcome = await rpc.call(`agent-log.${operation}`, params)
    if (!outcome.ok) throw new AdapterError('implementation', `agent-log.${operation} answered error ${outcome.error.code}: ${outcome.error.message}`, rpc.stderr())
    return outcome.result
  }
  return {
    setup: async (request) => void (await call('setup', request)),
    agentStarted: async (event) => void (await call('agentStarted', event)),
    agentCompleted: async (event) => void (await call('agentCompleted', event)),
    uiActivity: async (request) => void (await call('uiActivity', request)),
    async records(request) {
      const result = (await call('records', request)) as { records?: unknown } | null
      if (!result || !Array.isArray(result.records)) throw new AdapterError('protocol', `agent-log.records must answer { "records": [...] }, not ${excerptJson(result)}`, rpc.stderr())
      return result.records as AgentRecord[]
    },
  }
}
