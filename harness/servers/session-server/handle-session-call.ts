import type { SessionScript } from '#harness/servers/session-server/session-script.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import type { SessionExchange } from '#harness/servers/session-server/session-exchange.ts'
import type { CallCounter } from '#harness/servers/session-server/call-counter.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'
import { decodeEnvelopes } from '#harness/servers/session-server/connect-envelope.ts'
import { connectError } from '#harness/servers/session-server/connect-error.ts'
import { planWatch } from '#harness/servers/session-server/watch-plan.ts'
import { answerRead } from '#harness/servers/session-server/read-answers.ts'
import { runWatch } from '#harness/servers/session-server/run-watch.ts'

/** What every transport of one server shares: the script, where events go, and the call numbering. */
export interface SessionContext {
  script: SessionScript
  record: (event: ServerEvent) => void
  calls: CallCounter
}

/** Serves one request (WatchSession, GetSessionMessage, or anything else as `unimplemented`) over any transport. */
export async function handleSessionCall(exchange: SessionExchange, context: SessionContext): Promise<void> {
  try {
    if (exchange.method === 'POST' && exchange.path === sessionPaths.watch) return await watch(exchange, context)
    if (exchange.method === 'POST' && exchange.path === sessionPaths.read) return await read(exchange, context)
    const { status, body } = connectError('unimplemented', `${exchange.method} ${exchange.path} is not served here`)
    exchange.reply(status, 'application/json', JSON.stringify(body))
  } catch {
    exchange.destroy()
  }
}

async function watch(exchange: SessionExchange, { script, record, calls }: SessionContext): Promise<void> {
  const bytes = await exchange.body()
  const watch = calls.watch()
  const plan = planWatch(script, watch, decodeRequest(bytes))
  record({ type: 'watch', watch, connection: exchange.connection, stream: exchange.stream, cursor: plan.cursor })
  await runWatch(plan, watch, exchange, record)
}

async function read(exchange: SessionExchange, { script, record, calls }: SessionContext): Promise<void> {
  const bytes = await exchange.body()
  const read = calls.read()
  const reply = answerRead(script, read, parseJson(bytes))
  const lateByMs = Math.max(0, Math.round((performance.now() - exchange.arrivedSince) * 10) / 10)
  record({ type: 'read', read, connection: exchange.connection, messageId: reply.messageId, answer: reply.answer, lateByMs })
  if (reply.answer === 'hang') {
    const by = await exchange.untilGone()
    record({ type: 'read-abandoned', read, messageId: reply.messageId, by: by === 'client-closed' ? 'client' : 'server-close' })
    return
  }
  if (reply.answer === 'drop') return exchange.dropConnection()
  exchange.reply(reply.status, 'application/json', JSON.stringify(reply.body))
}

function decodeRequest(bytes: Uint8Array): unknown {
  const { envelopes, rest } = decodeEnvelopes(bytes)
  if (envelopes.length !== 1 || rest.length > 0 || envelopes[0].flags !== 0) return undefined
  return parseJson(envelopes[0].payload)
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}
