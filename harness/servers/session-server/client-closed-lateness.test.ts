import http from 'node:http'
import http2 from 'node:http2'
import { describe, expect, onTestFinished, test } from 'vitest'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'
import { EventLog } from '#harness/__test-helpers__/session-server/event-log.ts'
import { encodeEnvelope } from '#harness/servers/session-server/connect-envelope.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import { stallEventLoop as stall } from '#harness/__test-helpers__/stall-event-loop.ts'

// A client that closes a watch while the server's event loop is held up (another test judging in the same worker, a
// starved process): the server notices the close only when its loop runs again, and its `end` event says how late it
// may be. The end's time minus `lateByMs` is never after the moment the client closed — so a reconnect the client
// made 50 ms after its close is never measured as shorter than it was (recovery/reconnect-backs-off).


/** A server whose first watch sends one frame, then holds back the rest for 10 s; each event with when it was recorded. */
async function serve(): Promise<{ url: string; log: EventLog; at: Map<ServerEvent, number> }> {
  const log = new EventLog()
  const at = new Map<ServerEvent, number>()
  const server = await startSessionServer(sampleScript([{ watch: 1, atFrame: 1, kind: 'delay', ms: 10_000 }]), (event) => {
    at.set(event, performance.now())
    log.record(event)
  })
  onTestFinished(() => server.close())
  return { url: server.url, log, at }
}

const body = encodeEnvelope(0, { sessionId: 's1' })
const headers = { 'content-type': 'application/connect+json' }

describe('a client-closed end noticed late says how late it may be', () => {
  test('h2c: the client resets the stream, then the loop stalls 40 ms', async () => {
    const { url, log, at } = await serve()
    const session = http2.connect(url)
    onTestFinished(() => void session.destroy())
    const stream = session.request({ ':method': 'POST', ':path': sessionPaths.watch, ...headers })
    stream.on('error', () => {})
    stream.end(body)
    await log.next((e) => e.type === 'fault')
    // the reset is on the wire when the client's stream closes; the stall begins there, before the server reads it
    const closedAt = await new Promise<number>((resolve) =>
      stream.close(http2.constants.NGHTTP2_CANCEL, () => {
        resolve(performance.now())
        stall(40)
      }),
    )
    const end = (await log.next((e) => e.type === 'end')) as Extract<ServerEvent, { type: 'end' }>
    expect(end).toMatchObject({ how: 'client-closed', lateByMs: expect.any(Number) })
    expect(at.get(end)! - closedAt).toBeGreaterThanOrEqual(40)
    expect(at.get(end)! - end.lateByMs!).toBeLessThanOrEqual(closedAt)
  })

  test('HTTP/1.1: the client destroys the request, then the loop stalls 40 ms', async () => {
    const { url, log, at } = await serve()
    const request = http.request(`${url}${sessionPaths.watch}`, { method: 'POST', headers })
    request.on('error', () => {})
    request.end(body)
    await log.next((e) => e.type === 'fault')
    request.destroy()
    const closedAt = performance.now()
    stall(40)
    const end = (await log.next((e) => e.type === 'end')) as Extract<ServerEvent, { type: 'end' }>
    expect(end).toMatchObject({ how: 'client-closed', lateByMs: expect.any(Number) })
    expect(at.get(end)! - closedAt).toBeGreaterThanOrEqual(40)
    expect(at.get(end)! - end.lateByMs!).toBeLessThanOrEqual(closedAt)
  })
})
