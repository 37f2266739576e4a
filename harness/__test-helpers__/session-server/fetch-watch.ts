import { encodeEnvelope } from '#harness/servers/session-server/connect-envelope.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'

/** What global `fetch` saw of one WatchSession call: status, the body bytes read, and the error reading stopped with (null: a clean end). */
export interface FetchOutcome {
  status: number
  body: Uint8Array
  error: { name: string; message: string; cause: string | null } | null
}

/** Test helper: one WatchSession call with global `fetch`, reading the body chunk by chunk so the bytes before an error are kept. */
export async function fetchWatch(baseUrl: string, request: object): Promise<FetchOutcome> {
  const response = await fetch(`${baseUrl}${sessionPaths.watch}`, {
    method: 'POST',
    headers: { 'content-type': 'application/connect+json' },
    body: encodeEnvelope(0, request),
  })
  const chunks: Uint8Array[] = []
  const reader = response.body!.getReader()
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value)
    return { status: response.status, body: Buffer.concat(chunks), error: null }
  } catch (error) {
    const { name, message, cause } = error as Error & { cause?: { message?: string } }
    return { status: response.status, body: Buffer.concat(chunks), error: { name, message, cause: cause?.message ?? null } }
  }
}
