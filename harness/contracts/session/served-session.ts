import { buildSession } from '#harness/drivers/session-client/build-session.ts'
import type { SessionGiven, SessionOracle } from '#harness/drivers/session-client/build-session.ts'
import type { SessionScript } from '#harness/servers/session-server/session-script.ts'

const built = new WeakMap<SessionGiven, { script: SessionScript; oracle: SessionOracle }>()

/** The session a scenario's `given` serves — its script and oracle, as the driver builds them — built once per `given`. */
export function servedSession(given: SessionGiven): { script: SessionScript; oracle: SessionOracle } {
  let session = built.get(given)
  if (!session) {
    session = buildSession(given)
    built.set(given, session)
  }
  return session
}
