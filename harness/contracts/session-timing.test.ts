import { describe, expect, test } from 'vitest'
import { recordBundledSessionScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceSessionClient } from '#fixtures/systems/session-client/reference.ts'
import { sessionClientMutants } from '#fixtures/systems/session-client/mutants/index.ts'
import { checkTransientReadRetried } from '#harness/contracts/transient-read-retried.ts'
import { checkDeadlineIsTimeout } from '#harness/contracts/deadline-is-timeout.ts'
import { checkFailedReadKeepsMarker } from '#harness/contracts/failed-read-keeps-marker.ts'
import type { SessionClientHistory } from '#harness/history/history.ts'

// What the timing of a session-client run proves, and what it does not, on a busy machine: a client or a server held
// up can make a prompt answer come after the client gave up on its try, or leave a client too little of its deadline
// for another try. Each case is a recorded History, judged as recorded and again with its events moved in time: the
// contract breaks where the timing proves the client at fault, and does not where it cannot.

describe('a server held up on a busy machine does not excuse a client at fault', () => {
  test('recovery/transient-read-retried: an ok answer the server gave late is still a read whole when the client read again before that try could have run out', async () => {
    const mutant = sessionClientMutants.find((m) => m.name.endsWith('/no-whole-cache'))!
    const history = await recordBundledSessionScenario('failed-read-then-later-frame', mutant.create)
    const again = /again after it was read whole/
    expect(checkTransientReadRetried(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(again) })
    // the same run, had the server's loop stalled before it answered the first ok read: the client's try began no
    // earlier than the answer before it, whenever the server handled this one, so the read after it still proves it
    const tryTimeoutMs = (history.given as { tryTimeoutMs: number }).tryTimeoutMs
    const firstOk = history.events.find((e) => e.type === 'note' && e.what === 'server' && (e.value as { type: string; answer?: string }).answer === 'ok')!
    const stalled = { ...history, events: history.events.map((e) => (e === firstOk ? { ...e, value: { ...(e.value as object), lateByMs: tryTimeoutMs } } : e)) }
    expect(checkTransientReadRetried(stalled)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(again) })
  })
})

describe('a try the client may have given up on is not taken for a permanent failure it saw', () => {
  type Note = SessionClientHistory['events'][number]
  const isRead = (e: Note, n: number) => e.type === 'note' && e.what === 'server' && (e.value as { type: string; read?: number }).type === 'read' && (e.value as { read: number }).read === n
  /** The History with every event from read `n` on handled `ms` later (as if the client had been held up before it). */
  const later = (history: SessionClientHistory, n: number, ms: number): SessionClientHistory => {
    const from = history.events.findIndex((e) => isRead(e, n))
    return { ...history, events: history.events.map((e, i) => (i >= from ? { ...e, time: e.time + ms } : e)) }
  }
  test('recovery/failed-read-keeps-marker: a not_found read again before its try limit ran out is broken; once the limit may have run out, it proves nothing', async () => {
    const mutant = sessionClientMutants.find((m) => m.name.endsWith('/retries-every-error'))!
    const history = await recordBundledSessionScenario('message-gone', mutant.create)
    expect(checkFailedReadKeepsMarker(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/read m-2 again after it answered not_found, a permanent failure: its read 2 came [\d.]+ ms after the earliest it may have begun read 1's try, before that try's 1,000 ms limit could have run out/) })
    // read 2 answered ok and the client printed the reply whole: had it given up on read 1 at its limit, that was right
    expect(checkFailedReadKeepsMarker(later(history, 2, 1000))).toMatchObject({ verdict: 'unknown', reason: expect.stringMatching(/^read 2 after read 1's not_found proves nothing \(read again [\d.]+ ms after the client may have begun that try, once its 1,000 ms limit may have run out.*\), and read 2 answered ok/) })
  })
  test('recovery/transient-read-retried: an ok read read again before its try limit ran out is a read after a read whole; once the limit may have run out (the client held up), it is not', async () => {
    const mutant = sessionClientMutants.find((m) => m.name.endsWith('/no-whole-cache'))!
    const history = await recordBundledSessionScenario('failed-read-then-later-frame', mutant.create)
    const reads = history.events.flatMap((e) => (e.type === 'note' && e.what === 'server' && (e.value as { type: string }).type === 'read' ? [e.value as { read: number; answer: string }] : []))
    const again = reads.find((r, i) => i > 0 && reads[i - 1].answer === 'ok')!
    expect(checkTransientReadRetried(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(new RegExp(`again after it was read whole, while it stayed in the view: its read ${again.read} came [\\d.]+ ms after the earliest it may have begun read ${again.read - 1}'s try \\(ok\\), before that try's 200 ms limit could have run out`)) })
    expect(checkTransientReadRetried(later(history, again.read, 200))).not.toMatchObject({ message: expect.stringMatching(/again after it was read whole/) })
  })
  test('recovery/failed-read-keeps-marker: the reference client, had it read a gone message again, is broken only when the read came before the try limit ran out', async () => {
    const history = await recordBundledSessionScenario('message-gone', createReferenceSessionClient)
    const index = history.events.findIndex((e) => isRead(e, 1))
    const first = history.events[index] as Extract<Note, { type: 'note' }>
    const again = (ms: number): SessionClientHistory => ({ ...history, events: [...history.events.slice(0, index + 1), { ...first, time: first.time + ms, value: { ...(first.value as object), read: 2, lateByMs: 0 } }, ...history.events.slice(index + 1)] })
    expect(checkFailedReadKeepsMarker(history)).toMatchObject({ verdict: 'held', evidence: expect.stringMatching(/^m-2 failed permanently \(not_found\) and was not read again: 1 GetSessionMessage read \(not_found\); /) })
    expect(checkFailedReadKeepsMarker(again(50))).toMatchObject({ verdict: 'broken', witness: { permanentRead: 1, nextRead: 2, readsAfter: 1 } })
    expect(checkFailedReadKeepsMarker(again(1000))).toMatchObject({ verdict: 'held', evidence: expect.stringMatching(/^m-2 failed permanently \(not_found\) and was not read again: 2 GetSessionMessage reads \(not_found ×2\) \(read 2 after read 1's not_found proves nothing: read again [\d.]+ ms after the client may have begun that try, once its 1,000 ms limit may have run out/), figures: { unproven: [{ permanentRead: 1, nextRead: 2 }] } })
  })
})

describe('a client that reached its first read late may have had no time for another', () => {
  test('recovery/transient-read-retried: one hung read and exit 2 is broken when the try began with time for another, unknown when the deadline may have cut it', async () => {
    const history = await recordBundledSessionScenario('read-outlasts-timeout', createReferenceSessionClient)
    const isRead = (e: SessionClientHistory['events'][number], n: number) => e.type === 'note' && e.what === 'server' && (e.value as { type: string; read?: number }).type === 'read' && (e.value as { read: number }).read === n
    const first = history.events.find((e) => isRead(e, 1))!
    // as if the client had made only its first try: none after it
    const once = { ...history, events: history.events.filter((e) => !(e.type === 'note' && e.what === 'server' && (e.value as { read?: number }).read !== undefined && (e.value as { read: number }).read > 1)) }
    expect(checkTransientReadRetried(once)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/read message m-2 once \(hang\) and never tried again/) })
    // the same, had the kit started the client 1,900 ms before its first read reached the server (a slow start, a busy machine)
    const invoke = once.events.find((e) => e.type === 'invoke')!
    const startedEarly = { ...once, events: once.events.map((e) => (e === invoke ? { ...e, time: first.time - 1900 } : e)) }
    expect(checkTransientReadRetried(startedEarly)).toMatchObject({ verdict: 'unknown', cause: 'time', reason: expect.stringMatching(/^the client read m-2 once, but read 1 \(hang\) reached the server 1,900 ms after the client was started, its try limit of 600 ms ran to 2,500 ms, and its 2,400 ms deadline may have come before another try was due/) })
  })
  test('recovery/deadline-is-timeout: exit 2 with no read made is broken when the first frame came in time to read, unknown when the deadline may have come first', async () => {
    const history = await recordBundledSessionScenario('read-outlasts-timeout', createReferenceSessionClient)
    // as if the client had made no read at all
    const none = { ...history, events: history.events.filter((e) => !(e.type === 'note' && e.what === 'server' && ['read', 'read-abandoned'].includes((e.value as { type: string }).type))) }
    expect(checkDeadlineIsTimeout(none)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^the client exited 2, but no read of m-2 was open at the 2,400 ms deadline/) })
    // the same, had the kit started the client 2,400 ms before the first frame was written
    const frame = none.events.find((e) => e.type === 'note' && e.what === 'server' && (e.value as { type: string }).type === 'frame')!
    const invoke = none.events.find((e) => e.type === 'invoke')!
    const startedEarly = { ...none, events: none.events.map((e) => (e === invoke ? { ...e, time: frame.time - 2400 } : e)) }
    expect(checkDeadlineIsTimeout(startedEarly)).toMatchObject({ verdict: 'unknown', cause: 'time', reason: expect.stringMatching(/^the client exited 2 having read nothing, but the first frame showing m-2 was written [\d.,]+ ms after the client was started/) })
  })
})

describe('the deadline passing during the last of the 12 tries (11 fail at once, the 12th hangs)', () => {
  const isRead = (e: SessionClientHistory['events'][number], n?: number) => e.type === 'note' && e.what === 'server' && ['read', 'read-abandoned'].includes((e.value as { type: string }).type) && (n === undefined || (e.value as { read: number }).read === n)
  test('recovery/deadline-is-timeout: the reference is held; exit 2 before the hung try is broken when the 11th read came in time for it, unknown when the deadline may have come first', async () => {
    const history = await recordBundledSessionScenario('deadline-passes-on-last-try', createReferenceSessionClient)
    expect(checkDeadlineIsTimeout(history)).toMatchObject({ verdict: 'held', evidence: expect.stringMatching(/^exit 2 \(timeout\) at the 2,000 ms deadline, with a read of m-2 open: 12 GetSessionMessage reads \(unavailable ×11, hang\)/) })
    // as if the client had given up after its 11th read, with no try open
    const eleven = { ...history, events: history.events.filter((e) => !isRead(e, 12)) }
    expect(checkDeadlineIsTimeout(eleven)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^the client exited 2, but no read of m-2 was open at the 2,000 ms deadline/) })
    // the same, had the kit started the client 1,900 ms before its 11th read reached the server (a slow machine)
    const read11 = eleven.events.find((e) => isRead(e, 11))!
    const invoke = eleven.events.find((e) => e.type === 'invoke')!
    const startedEarly = { ...eleven, events: eleven.events.map((e) => (e === invoke ? { ...e, time: read11.time - 1900 } : e)) }
    expect(checkDeadlineIsTimeout(startedEarly)).toMatchObject({ verdict: 'unknown', cause: 'time', reason: expect.stringMatching(/^the client exited 2 with no read of m-2 open, but read 11 \(unavailable\) reached the server 1,900 ms after the client was started/) })
  })
  test('recovery/deadline-is-timeout: a client that took the open try for one more failure and exited 0 is broken, however late it ended: no correct client settles there', async () => {
    const mutant = sessionClientMutants.find((m) => m.name.endsWith('/cut-reply-at-deadline'))!
    const history = await recordBundledSessionScenario('deadline-passes-on-last-try', mutant.create)
    expect(checkDeadlineIsTimeout(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/hang past the 2,000 ms deadline \(1 try of 2,400 ms hang\), and the client exited 0 with the cut reply, not 2/) })
    // had it ended 100 ms after its deadline could have passed at the latest (its timers late): still no matter of time
    const connection = history.events.find((e) => e.type === 'note' && e.what === 'server' && (e.value as { type: string }).type === 'connection')!
    const late = { ...history, events: history.events.map((e) => (e.type === 'ok' ? { ...e, time: connection.time + 2100 } : e)) }
    expect(checkDeadlineIsTimeout(late)).toMatchObject({ verdict: 'broken' })
  })
})

describe('a client that opened the watch late may have had no time to watch before its deadline', () => {
  test('recovery/deadline-is-timeout: exit 2 with no watch made is unknown because of time when the client ran to its deadline, broken when it gave up before it', async () => {
    const history = await recordBundledSessionScenario('frame-outlasts-timeout', createReferenceSessionClient)
    expect(checkDeadlineIsTimeout(history)).toMatchObject({ verdict: 'held' })
    // as if the client's first WatchSession call had never reached the server (it started after its deadline)
    const unwatched = { ...history, events: history.events.filter((e) => !(e.type === 'note' && e.what === 'server')) }
    expect(checkDeadlineIsTimeout(unwatched)).toMatchObject({ verdict: 'unknown', cause: 'time', reason: expect.stringMatching(/^the client exited 2, but the client made no WatchSession call, and its 2,000 ms deadline may have come before it could open the watch/) })
    // the same, had the client ended 100 ms after the kit started it: it gave up with time left
    const invoke = unwatched.events.find((e) => e.type === 'invoke')!
    const early = { ...unwatched, events: unwatched.events.map((e) => (e.type === 'ok' ? { ...e, time: invoke.time + 100 } : e)) }
    expect(checkDeadlineIsTimeout(early)).toMatchObject({ verdict: 'broken', message: 'the client exited 2, but the client was not watching at the 2,000 ms deadline' })
  })
})

describe('a read the server refused is a try spent', () => {
  test('recovery/deadline-is-timeout: when refused reads leave too few tries to hang past the deadline, exit 0 is not judged, and says why', async () => {
    const mutant = sessionClientMutants.find((m) => m.name.endsWith('/reads-ignore-deadline'))!
    const history = await recordBundledSessionScenario('read-outlasts-timeout', mutant.create)
    expect(checkDeadlineIsTimeout(history)).toMatchObject({ verdict: 'broken' })
    const { timeoutMs, tryTimeoutMs } = history.given as { timeoutMs: number; tryTimeoutMs: number }
    // as if a GOAWAY had refused reads opened on its draining connection: each a try the client spent without hanging
    const refusedCount = 12 - Math.floor((timeoutMs - 1) / tryTimeoutMs)
    const refused = Array.from({ length: refusedCount }, (_, i) => ({ type: 'note' as const, index: 0, time: 0, what: 'server', value: { type: 'refused', connection: 1, stream: 3 + 2 * i, path: '/contractkit.session.v1.SessionService/GetSessionMessage' } }))
    const spent = { ...history, events: [...refused, ...history.events] }
    expect(checkDeadlineIsTimeout(spent)).toMatchObject({ verdict: 'not-applicable', reason: expect.stringMatching(/^\d+ GetSessionMessage calls? (was|were) refused by a GOAWAY, each a try that lost its connection: the \d+ hung tr(y|ies) left of 12, [\d,]+ ms each, end before the [\d,]+ ms deadline/) })
  })
})
