import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { excerpt, excerptJson } from '#harness/adapters/stdio/excerpt.ts'
import type { JsonRpcOutcome } from '#harness/adapters/stdio/json-rpc-process.ts'
import type { JsonRpcErrorObject } from '#harness/adapters/stdio/json-rpc-response.ts'
import type { Page, PagerError, PagerPort, PagerReadRequest, PagerSetup } from '#harness/ports/pager-port.ts'

/** The JSON-RPC error code an implementation answers a domain (port) error with; `data.code` names the error. */
export const domainErrorCode = -32000

/** What the pager client needs of a connection: one call at a time. */
export interface JsonRpcCaller {
  call(method: string, params?: unknown): Promise<JsonRpcOutcome>
  stderr(): string
}

/** The pager port over stdio: `pager.setup` and `pager.read` as JSON-RPC calls. */
export function createStdioPager(rpc: JsonRpcCaller): PagerPort {
  return {
    async setup(request: PagerSetup): Promise<void> {
      const outcome = await rpc.call('pager.setup', { records: request.records, ceilings: request.ceilings })
      if (!outcome.ok) throw implementationError(rpc, 'pager.setup', outcome.error)
      const { result } = outcome
      if (result !== null && result !== undefined && (typeof result !== 'object' || Array.isArray(result))) {
        throw new AdapterError('protocol', `pager.setup must answer null or {}, not ${excerptJson(result)}`, rpc.stderr())
      }
    },
    async read(request: PagerReadRequest) {
      const params: PagerReadRequest = { collection: request.collection }
      if (request.limit !== undefined) params.limit = request.limit
      if (request.cursor !== undefined) params.cursor = request.cursor
      const outcome = await rpc.call('pager.read', params)
      if (!outcome.ok) {
        const { error } = outcome
        const data = error.data as PagerError['data'] & { code?: unknown }
        if (error.code !== domainErrorCode || typeof data !== 'object' || data === null || typeof data.code !== 'string') {
          throw implementationError(rpc, 'pager.read', error)
        }
        return { ok: false, error: { code: data.code, message: error.message, data } }
      }
      const page = outcome.result as Page
      if (typeof page !== 'object' || page === null || !Array.isArray(page.items) || !(page.cursor === null || typeof page.cursor === 'string')) {
        const shown = excerptJson(page)
        throw new AdapterError(
          'protocol',
          `pager.read must answer a page { "items": [...], "cursor": string | null, ...metadata }, not ${shown}`,
          rpc.stderr(),
        )
      }
      return { ok: true, page }
    },
  }
}

function implementationError(rpc: JsonRpcCaller, method: string, error: JsonRpcErrorObject): AdapterError {
  const data = error.data === undefined ? '' : ` (data: ${excerptJson(error.data)})`
  const hint =
    error.code === domainErrorCode && method === 'pager.read'
      ? '; a pager error needs "data": { "code": "<error code>" }'
      : error.code === -32601
        ? '; the implementation does not offer this method'
        : ''
  return new AdapterError(
    'implementation',
    `${method} answered JSON-RPC error ${error.code}: ${excerpt(error.message)}${data}${hint}`,
    rpc.stderr(),
  )
}
