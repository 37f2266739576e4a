import type { Driver } from '#harness/drivers/driver.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { SessionClientScenario } from '#harness/scenario/session-client-scenario-schema.ts'
import type { SessionClientRequest } from '#harness/ports/session-client-port.ts'
import type { SessionScript } from '#harness/servers/session-server/session-script.ts'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import { buildSession } from '#harness/drivers/session-client/build-session.ts'
import { sessionRun } from '#harness/contracts/session/session-run.ts'
import { historyFormat } from '#harness/history/history.ts'
import type { SessionClientHistory } from '#harness/history/history.ts'
import type { SessionGiven, SessionOracle } from '#harness/drivers/session-client/build-session.ts'

/** A session-client scenario made ready: the resolved `given`, the script the server serves, and the oracle. */
export interface PreparedSession {
  given: SessionGiven
  script: SessionScript
  oracle: SessionOracle
}

/**
 * The session-client port's driver: starts the kit's session server on loopback with the scenario's script (every
 * request it gets becomes a `server` note in the History), runs the client once against it, and stops the server.
 */
export const sessionClientDriver: Driver<SessionClientScenario, PreparedSession> = {
  prepare(scenario) {
    const given = scenario.given as SessionGiven
    return { given, ...buildSession(given) }
  },
  async drive(connection, prepared, recorder) {
    const client = connection.port('session-client')
    const server = await startSessionServer(prepared.script, (event) => recorder.note('server', event))
    try {
      const { given, oracle } = prepared
      const request: SessionClientRequest = { baseUrl: server.url, sessionId: oracle.watchedSessionId, timeoutMs: given.timeoutMs, tryTimeoutMs: given.tryTimeoutMs, output: given.output }
      const invoke = recorder.invoke('session-client.run', request, 0)
      try {
        recorder.complete(invoke, { type: 'ok', value: await client.run(request) })
      } catch (error) {
        if (error instanceof AdapterError) recorder.complete(invoke, { type: 'info', error: { code: error.failure, message: error.message } })
        throw error
      }
    } finally {
      await server.close()
    }
  },
  observe(history) {
    if (history.port !== 'session-client') return {}
    const run = sessionRun(history as SessionClientHistory)
    const watches = run.events.filter((e) => e.type === 'watch')
    return {
      exitCode: run.result?.exitCode ?? null,
      replyBytes: run.reply?.bytes ?? null,
      lastLine: run.reply?.lastLine.slice(0, 80) ?? null,
      truncatedLines: run.reply?.markerLines ?? null,
      watchCalls: watches.length,
      resumedAt: watches.slice(1).map((e) => (e.type === 'watch' ? e.cursor : null)),
      reads: run.events.filter((e) => e.type === 'read').length,
      faults: run.events.flatMap((e) => (e.type === 'fault' ? [`${e.kind}${e.code ? ` ${e.code}` : ''} (watch ${e.watch})`] : [])),
    }
  },
  history(prepared, fields, recorder) {
    return {
      format: historyFormat,
      port: 'session-client',
      ...fields,
      fixture: null,
      given: { ...prepared.given },
      oracle: { ...prepared.oracle },
      events: recorder.events,
    }
  },
}
