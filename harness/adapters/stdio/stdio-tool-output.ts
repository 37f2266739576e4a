import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { excerptJson } from '#harness/adapters/stdio/excerpt.ts'
import type { JsonRpcCaller } from '#harness/adapters/stdio/stdio-pager.ts'
import type { ToolOutputPort, ToolOutputResult } from '#harness/ports/tool-output-port.ts'

/** The tool-output port over stdio: `tool-output.run` as one JSON-RPC call; any error answer is an error that reached the caller. */
export function createStdioToolOutput(rpc: JsonRpcCaller): ToolOutputPort {
  return {
    async run(request) {
      const outcome = await rpc.call('tool-output.run', request)
      if (!outcome.ok) {
        const { code, message } = outcome.error
        throw new AdapterError('implementation', `tool-output.run answered error ${code}: ${message}`, rpc.stderr())
      }
      const result = outcome.result as Partial<ToolOutputResult> | null
      const valid =
        typeof result === 'object' &&
        result !== null &&
        typeof result.inline === 'string' &&
        typeof result.banner === 'string' &&
        Array.isArray(result.remedies) &&
        (result.recovery === null || typeof result.recovery === 'string') &&
        (result.spillPath === null || typeof result.spillPath === 'string')
      if (!valid) {
        throw new AdapterError('protocol', `tool-output.run must answer { inline, banner, remedies, recovery, spillPath }, not ${excerptJson(result)}`, rpc.stderr())
      }
      return result as ToolOutputResult
    },
  }
}
