import type { SessionClientHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { markerIn, sessionRun } from '#harness/contracts/session/session-run.ts'

/**
 * size/view-marker-exact: a cut text — as the view served it and as the client printed it — is a prefix of the whole
 * text that never splits a UTF-8 character, followed by `[N bytes truncated]` where N is exactly the bytes missing.
 */
export const viewMarkerExact = defineContract<SessionClientHistory>({
  id: 'size/view-marker-exact',
  statement: 'A cut reply, as served and as printed, is a whole-character prefix of the reply followed by [N bytes truncated], where N is exactly the number of bytes missing.',
  from: ['DEP-8516'],
  port: 'session-client',
  check(history) {
    const run = sessionRun(history)
    const whole = run.oracle.replyWhole
    const texts: Array<[string, string]> = [['the view', run.oracle.replyView]]
    if (run.given.output === 'json' && run.reply) texts.push(['the client', run.reply.text])
    for (const [who, text] of texts) {
      const marker = markerIn(text)
      if (!marker) continue
      const kept = text.slice(0, marker.index)
      const keptBytes = Buffer.byteLength(kept, 'utf8')
      const missing = Buffer.byteLength(whole, 'utf8') - keptBytes
      if (!whole.startsWith(kept)) {
        return broken(`${who} printed a cut text that is not a whole-character prefix of the reply (a split character, or other text)`, { who, keptBytes, marker: marker.bytes })
      }
      if (marker.bytes !== missing) return broken(`${who} says [${marker.bytes} bytes truncated] but ${missing} bytes are missing`, { who, keptBytes, marker: marker.bytes, missing })
    }
    return held
  },
})

/** Checks size/view-marker-exact (returns the result). */
export const checkViewMarkerExact = viewMarkerExact.check
/** Asserts size/view-marker-exact (throws unless held). */
export const assertViewMarkerExact = viewMarkerExact.assert
