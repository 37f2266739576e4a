import { http } from 'msw'
import type { HttpHandler } from 'msw'
import type { SessionScript } from '#harness/servers/session-server/session-script.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import { CallCounter } from '#harness/servers/session-server/call-counter.ts'
import { handleSessionCall } from '#harness/servers/session-server/handle-session-call.ts'
import { mswExchange } from '#harness/servers/session-server/msw-exchange.ts'

/** The session server's script as msw handlers for in-process fetch clients: every request under `baseUrl`, recorded as protocol `msw`. */
export function sessionHandlers(script: SessionScript, record: (event: ServerEvent) => void, baseUrl: string): HttpHandler[] {
  // Served as the node server serves it (WatchSession, GetSessionMessage, anything else `unimplemented`); msw has no
  // connections, so each request records its own `connection` event.
  const context = { script, record, calls: new CallCounter() }
  const base = baseUrl.replace(/\/+$/, '')
  return [
    http.all(`${base}/*`, ({ request }) =>
      new Promise<Response>((resolve) => {
        const connection = context.calls.connection()
        record({ type: 'connection', connection, protocol: 'msw' })
        void handleSessionCall(mswExchange(request, connection, resolve), context)
      }),
    ),
  ]
}
