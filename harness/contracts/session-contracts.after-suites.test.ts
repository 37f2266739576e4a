import { describe, expect, test } from 'vitest'
import { onceEach } from '#harness/__test-helpers__/once-each.ts'
import { suiteHistory, suitesRan, type HistorySource } from '#harness/__test-helpers__/suite-history.ts'
import { bundledScenarios, bundledSessionScenarioId, recordBundledSessionScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { recordingOf } from '#harness/__test-helpers__/run-recordings.ts'
import { createReferenceSessionClient } from '#fixtures/systems/session-client/reference.ts'
import { createDep8516SessionClient } from '#fixtures/systems/session-client/dep-8516.ts'
import { sessionClientMutants } from '#fixtures/systems/session-client/mutants/index.ts'
import { silentSystemName, silentSystems } from '#fixtures/systems/silent/silent-systems.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import type { ScenarioOf } from '#harness/contracts/contract.ts'
import { checkReplyReadWhole } from '#harness/contracts/reply-read-whole.ts'
import { checkOlderServerKeepsMarker } from '#harness/contracts/older-server-keeps-marker.ts'
import { checkTransientReadRetried } from '#harness/contracts/transient-read-retried.ts'
import { checkDeadlineIsTimeout } from '#harness/contracts/deadline-is-timeout.ts'
import { assertStreamResumesFromCursor, checkStreamResumesFromCursor } from '#harness/contracts/stream-resumes-from-cursor.ts'
import { checkViewMarkerExact } from '#harness/contracts/view-marker-exact.ts'
import { checkFailedReadKeepsMarker } from '#harness/contracts/failed-read-keeps-marker.ts'
import { checkReconnectBacksOff } from '#harness/contracts/reconnect-backs-off.ts'
import { checkOutputFormExact } from '#harness/contracts/output-form-exact.ts'
import type { SessionClientHistory } from '#harness/history/history.ts'
import type { SessionClientPort } from '#harness/ports/session-client-port.ts'

// Every session-client contract, both ways: it holds — with its evidence — on session-client/reference in every
// bundled DEP-8516 scenario that exercises it, and breaks, with its witness, on the pre-fix client, a mutant, or a
// client made to break it here. Where a scenario does not exercise it, it is not-applicable, saying why; where the
// client's answer is missing, unknown. A client that prints nothing is never held.
// The reference's and the pre-fix client's Histories are the ones the session-client suites wrote in the same
// `npm test` (this file runs after them: `*.after-suites.test.ts`), judged here in process; run alone, the file records
// them itself. The clients made to break a contract, and the mutants, are recorded here, in process — except a mutant's
// run the rule table (rule-table-session-client.test.ts, earlier in the same run) kept: the same run, judged here.

const sessionScenarios = bundledScenarios.filter((s) => s.scenario.port === 'session-client')
const names = sessionScenarios.map((s) => s.id.split('/').pop()!)
const port = contractsOfPort('session-client')
/** Where each History read from a suite came from, by the suite's adapter name. */
const sources = new Map<string, HistorySource[]>()
/** A bundled client's History of a bundled scenario (by its last name): its suite's run, else recorded once for this file (its tests only read it). */
const fromSuite = (adapter: string, create: () => SessionClientPort) =>
  onceEach(async (name) => {
    const id = sessionScenarios.find((s) => s.id.endsWith(`/${name}`))!.id
    const { history, source } = await suiteHistory(adapter, id, () => recordBundledSessionScenario(name, create))
    sources.set(adapter, [...(sources.get(adapter) ?? []), source])
    return history
  })
const reference = fromSuite('session-client/reference', createReferenceSessionClient)
const preFix = fromSuite('session-client/dep-8516', createDep8516SessionClient)

describe('session-client/reference (integration)', () => {
  test.for(names)('holds every contract %s exercises, with evidence; every other is not-applicable, saying why', async (name) => {
    const loaded = sessionScenarios.find((s) => s.id.endsWith(`/${name}`))!
    const judgement = judgeHistory(await reference(name))
    expect(judgement.verdict).toBe('held')
    for (const outcome of judgement.contracts) {
      const contract = port.find((c) => c.id === outcome.id)!
      const exercised = contract.exercisedBy(loaded.scenario as ScenarioOf<'session-client'>)
      if (exercised === true) {
        expect(outcome, outcome.id).toMatchObject({ exercised: true, verdict: 'held', evidence: expect.stringMatching(/\d/) })
      } else {
        expect(outcome, outcome.id).toEqual({ id: outcome.id, exercised: false, verdict: 'not-applicable', reason: exercised })
      }
    }
  })

  test('judges all nine contracts of the port', () => {
    expect(port.map((c) => c.id).sort()).toEqual([
      'output/form-exact',
      'recovery/deadline-is-timeout',
      'recovery/failed-read-keeps-marker',
      'recovery/older-server-keeps-marker',
      'recovery/reconnect-backs-off',
      'recovery/reply-read-whole',
      'recovery/stream-resumes-from-cursor',
      'recovery/transient-read-retried',
      'size/view-marker-exact',
    ])
  })

  test('held says what was seen: the bytes printed, the exit code, the reads and the frames', async () => {
    const evidence = async (name: string, check: (h: SessionClientHistory) => unknown) => check(await reference(name))
    expect(await evidence('numbers-1-to-2500', checkReplyReadWhole)).toMatchObject({
      evidence: '11,392-byte reply printed whole, no marker, exit 0, after 1 GetSessionMessage read (ok)',
      figures: { exitCode: 0, printedBytes: 11392, expectedBytes: 11392, reads: 1 },
    })
    expect(await evidence('goaway-at-frame', checkStreamResumesFromCursor)).toMatchObject({
      evidence: '5 frames over 2 watch calls, each once and in order; resumed at c-0002 (after goaway)',
      figures: { frames: 5, watchCalls: 2, resumedAt: ['c-0002'] },
    })
    expect(await evidence('older-server', checkOlderServerKeepsMarker)).toMatchObject({
      evidence: '4,118-byte cut reply printed with its [7,296 bytes truncated] marker and "replyCut": true, exit 0, after 1 GetSessionMessage read (unimplemented)',
    })
    expect(await evidence('older-server', checkViewMarkerExact)).toMatchObject({ figures: { keptBytes: 4096, marker: 7296, missing: 7296, wholeBytes: 11392 } })
    expect(await evidence('failed-read-then-later-frame', checkTransientReadRetried)).toMatchObject({
      evidence: '11,392-byte reply m-2 read whole after 4 GetSessionMessage reads (unavailable ×3, ok), within the bound of 12, exit 0',
    })
    expect(await evidence('read-outlasts-timeout', checkDeadlineIsTimeout)).toMatchObject({ evidence: expect.stringMatching(/^exit 2 \(timeout\) at the 2,400 ms deadline, with a read of m-2 open: \d GetSessionMessage reads \(hang ×\d\)$/) })
    expect(await evidence('frame-outlasts-timeout', checkDeadlineIsTimeout)).toMatchObject({ evidence: 'exit 2 (timeout) at the 2,000 ms deadline, with the watch open, its settling frame held back 5,000 ms' })
    expect(await evidence('reads-keep-failing', checkFailedReadKeepsMarker)).toMatchObject({
      evidence: 'every read of m-2 failed: 12 GetSessionMessage reads (unavailable ×12); 4,118-byte cut reply printed with its [7,296 bytes truncated] marker and "replyCut": true, exit 0',
    })
    expect(await evidence('message-gone', checkFailedReadKeepsMarker)).toMatchObject({ evidence: expect.stringMatching(/^m-2 failed permanently \(not_found\) and was not read again: 1 GetSessionMessage read \(not_found\); /) })
    expect(await evidence('reads-keep-failing', checkTransientReadRetried)).toMatchObject({ figures: { reads: 12, bound: 12 } })
    const backoff = await evidence('backoff-while-dropped', checkReconnectBacksOff)
    expect(backoff).toMatchObject({ verdict: 'held', evidence: expect.stringMatching(/^3 reconnects, each after the wait due: [\d.]+ ms \(100 due\), [\d.]+ ms \(200 due\), [\d.]+ ms \(400 due\)$/) })
    expect(await evidence('numbers-1-to-2500', checkOutputFormExact)).toMatchObject({ evidence: 'one JSON line with exactly sessionId, status "done", reply (11,392 bytes) and "replyCut": false, nothing else on stdout' })
    expect(await evidence('older-server-text', checkOutputFormExact)).toMatchObject({ evidence: expect.stringMatching(/^the transcript is exactly the 2 messages, each once in order of first appearance \([\d,]+ bytes, 1,043 lines\), the cut reply followed by its \[reply cut: …\] line$/) })
    expect(await evidence('unknown-session', checkOutputFormExact)).toMatchObject({ evidence: expect.stringMatching(/^the watch of session-1-unknown answered not_found; the client exited 1 with the reason on stderr: /) })
  })
})

describe('not-applicable: the scenario does not set the case up', () => {
  test.for([
    ['older-server', 'recovery/reply-read-whole', 'the server has no GetSessionMessage: the cut reply cannot be read whole, and is printed cut'],
    ['read-outlasts-timeout', 'recovery/reply-read-whole', 'the reads of the cut reply hang past the deadline (12 hung tries): the client must time out, not print it'],
    ['numbers-1-to-2500', 'recovery/older-server-keeps-marker', 'the server has GetSessionMessage (its first read answers ok): it is not an older server'],
    ['numbers-1-to-2500', 'recovery/transient-read-retried', 'the first read answers ok, not a transient failure'],
    ['rst-stream', 'recovery/transient-read-retried', 'the view does not cut the reply: there is no whole-message read to fail'],
    ['hung-first-try', 'recovery/deadline-is-timeout', 'the 1 hung try of 200 ms a correct client makes ends before the 10,000 ms deadline: no read is open at it'],
    ['numbers-1-to-2500', 'recovery/stream-resumes-from-cursor', 'no fault is scripted: no watch is ended under the client'],
    ['delayed-frame', 'recovery/stream-resumes-from-cursor', 'the only faults are delays: a late frame ends no watch'],
    ['no-end-of-stream', 'recovery/stream-resumes-from-cursor', 'no fault ends the first watch before its settling frame is written: nothing is left to resume'],
    ['numbers-1-to-2500', 'size/view-marker-exact', 'the cut reply can be read whole: the client prints it with no marker'],
    ['eviction', 'size/view-marker-exact', 'the settling reply is not the cut one: the output shows no cut reply'],
    ['numbers-1-to-2500', 'recovery/failed-read-keeps-marker', 'a read a correct client makes answers ok (read 1): the reply is read whole'],
    ['older-server', 'recovery/failed-read-keeps-marker', 'the server has no GetSessionMessage: recovery/older-server-keeps-marker judges the cut reply'],
    ['numbers-1-to-2500', 'recovery/reconnect-backs-off', 'no fault ends the first watch before its settling frame: no reconnect is due'],
    ['goaway-refused-stream', 'recovery/reconnect-backs-off', 'the first watch is refused before anything is processed: its replay is no reconnect, and no wait is due'],
    ['read-outlasts-timeout', 'output/form-exact', 'the deadline passes before the turn settles: the client exits 2 (recovery/deadline-is-timeout judges it)'],
    ['unknown-session', 'recovery/reply-read-whole', 'the session is unknown to the server: the watch fails and the client exits 1'],
    ['frame-outlasts-timeout', 'recovery/reply-read-whole', 'the settling frame is held back past the deadline: the client must time out'],
  ])('%s: %s', async ([name, id, reason]) => {
    const outcome = judgeHistory(await reference(name)).contracts.find((c) => c.id === id)
    expect(outcome).toEqual({ id, exercised: false, verdict: 'not-applicable', reason })
  })
})

describe('unknown: the client result is missing', () => {
  test.for(names)('%s: every exercised contract is unknown, none held, and the run is an error', async (name) => {
    const history = await reference(name)
    const unanswered: SessionClientHistory = { ...history, events: history.events.filter((e) => !(e.type === 'ok' && e.f === 'session-client.run')) }
    const judgement = judgeHistory(unanswered)
    expect(judgement.verdict).toBe('error')
    expect(judgement.contracts.filter((c) => c.verdict === 'held')).toEqual([])
    for (const c of judgement.contracts.filter((c) => c.exercised)) expect(c, c.id).toMatchObject({ verdict: 'unknown', reason: expect.stringMatching(/never answered/) })
  })
  test('an adapter failure leaves every contract unknown', async () => {
    const history = await reference('numbers-1-to-2500')
    const judgement = judgeHistory({ ...history, failure: { failure: 'crashed', message: 'exited 139' } })
    expect(judgement.verdict).toBe('error')
    expect(new Set(judgement.contracts.map((c) => c.verdict))).toEqual(new Set(['unknown']))
  })
  test('size/view-marker-exact: a client with no JSON reply against an older server', async () => {
    const result = checkViewMarkerExact(await recordBundledSessionScenario('older-server', rewriting(() => '')))
    expect(result).toEqual({ verdict: 'unknown', reason: 'the client printed no JSON reply: there is no cut reply to measure' })
  })
})

describe('silent clients are never held', () => {
  test.for(['empty', 'errors'] as const)('session-client/silent/%s: every run is broken', async (kind) => {
    const create = () => silentSystems[silentSystemName('session-client', kind)]().ports['session-client']!
    for (const name of names) {
      const judgement = judgeHistory(await recordBundledSessionScenario(name, create))
      expect(judgement.verdict, name).toBe('broken')
      expect(judgement.contracts.filter((c) => c.verdict === 'held'), name).toEqual([])
    }
  })
})

/** A client that prints what `change` makes of the reference's stdout. */
function rewriting(change: (stdout: string) => string, exitCode?: number): () => SessionClientPort {
  return () => {
    const client = createReferenceSessionClient()
    return { run: async (request) => ((r) => ({ ...r, stdout: change(r.stdout), exitCode: exitCode ?? r.exitCode }))(await client.run(request)) }
  }
}

describe('the pre-fix client (session-client/dep-8516)', () => {
  test('recovery/reply-read-whole: it prints the cut 2,500-line reply', async () => {
    const result = checkReplyReadWhole(await preFix('numbers-1-to-2500'))
    expect(result).toMatchObject({ verdict: 'broken', witness: { exitCode: 0, expectedBytes: 11392, markerLines: 1 } })
  })
  test('recovery/transient-read-retried: it never tries the failed read again', async () => {
    expect(checkTransientReadRetried(await preFix('failed-read-then-later-frame'))).toMatchObject({ verdict: 'broken', witness: { reads: 0 } })
  })
  test('recovery/transient-read-retried: it never reads the reply whose every read fails', async () => {
    expect(checkTransientReadRetried(await preFix('eviction'))).toMatchObject({ verdict: 'broken', witness: { message: 'm-2', reads: 0 } })
  })
  test('recovery/deadline-is-timeout: it exits 0 with the cut reply where a read is open at the deadline', async () => {
    expect(checkDeadlineIsTimeout(await preFix('read-outlasts-timeout'))).toMatchObject({ verdict: 'broken', witness: { exitCode: 0 } })
  })
  test('recovery/stream-resumes-from-cursor: it takes a GOAWAY for the end, and the frames after it are lost', async () => {
    const result = checkStreamResumesFromCursor(await preFix('goaway-at-frame'))
    expect(result).toMatchObject({ verdict: 'broken', witness: { lost: { cursors: ['c-0003', 'c-0004', 'c-0005'] }, calls: [{ watch: 1, end: 'goaway' }] } })
  })
})

describe('recovery/stream-resumes-from-cursor catches a client that resumes from the wrong cursor', () => {
  test.for(sessionClientMutants.filter((m) => m.name.endsWith('-frame-after-reconnect')))('$name, naming the frame', async (mutant) => {
    const history = await recordBundledSessionScenario('goaway-at-frame', mutant.create)
    const result = checkStreamResumesFromCursor(history)
    expect(result.verdict).toBe('broken')
    if (result.verdict !== 'broken') return
    const { lost, duplicated } = result.witness as { lost: { cursors: string[] }; duplicated: { cursors: string[] } }
    expect([...lost.cursors, ...duplicated.cursors]).toEqual(mutant.name.includes('skips') ? ['c-0003'] : ['c-0002'])
    expect(() => assertStreamResumesFromCursor(history)).toThrow(/resumes|frame/)
  })
})

describe('contracts broken by clients made to break them', () => {
  test('recovery/older-server-keeps-marker: a client that drops the marker against an older server', async () => {
    const dropsMarker = rewriting((out) => out.replace(/\[\d+ bytes truncated\]/, '').replace('"replyCut":true', '"replyCut":false'))
    const history = await recordBundledSessionScenario('older-server', dropsMarker)
    expect(checkOlderServerKeepsMarker(history)).toMatchObject({ verdict: 'broken' })
    expect(checkViewMarkerExact(history)).toMatchObject({ verdict: 'broken', witness: { who: 'the client', keptBytes: 4096, marker: null } })
  })
  test('recovery/older-server-keeps-marker: a client that fails against an older server', async () => {
    expect(checkOlderServerKeepsMarker(await recordBundledSessionScenario('older-server', rewriting((out) => out, 1)))).toMatchObject({ verdict: 'broken', witness: { exitCode: 1 } })
  })
  test('size/view-marker-exact: a client whose marker counts characters, not bytes', async () => {
    const countsCharacters = rewriting((out) => out.replace(/\[(\d+) bytes truncated\]/, (_, n: string) => `[${Number(n) - 1} bytes truncated]`))
    expect(checkViewMarkerExact(await recordBundledSessionScenario('cjk-older-server', countsCharacters))).toMatchObject({ verdict: 'broken', witness: { who: 'the client' } })
  })
  test('size/view-marker-exact: a client that splits a character when it cuts', async () => {
    const splits = rewriting((out) => out.replace(/\\u[0-9a-f]{4}|[^\x00-\x7f](?=\[\d+ bytes truncated\])/, '\\ufffd'))
    const result = checkViewMarkerExact(await recordBundledSessionScenario('emoji-older-server', splits))
    expect(result).toMatchObject({ verdict: 'broken' })
  })
  test('recovery/transient-read-retried: a client that reads without bound is caught by the bound', async () => {
    const history = await reference('eviction')
    const reads = history.events.filter((e) => e.type === 'note' && (e.value as { type?: string }).type === 'read')
    const flooded: SessionClientHistory = { ...history, events: [...history.events, ...Array.from({ length: 13 }, (_, i) => ({ ...reads[0], index: history.events.length + i }))] }
    expect(checkTransientReadRetried(flooded)).toMatchObject({ verdict: 'broken', witness: { bound: 12 } })
  })
  test('recovery/reconnect-backs-off: a client that reconnects at once after a GOAWAY\'s grace period closed the connection', async () => {
    // issue 24: counted from the GOAWAY, the wait took in the 100 ms the stream lived on, and this was held; the call
    // ends when the connection closes, and the reconnect came a connection set-up after it
    const atOnce = sessionClientMutants.find((m) => m.name.endsWith('/reconnects-at-once'))!
    const result = checkReconnectBacksOff(await recordBundledSessionScenario('goaway-drain-close', atOnce.create))
    expect(result).toMatchObject({ verdict: 'broken', witness: { watch: 2, dueMs: 50, after: 'goaway NO_ERROR' } })
    expect(result.verdict === 'broken' && (result.witness as { waitedMs: number }).waitedMs).toBeLessThan(48)
  })
  test('recovery/deadline-is-timeout: a client that exits 2 without ever reading is not held', async () => {
    const quits: () => SessionClientPort = () => ({ run: async () => ({ exitCode: 2, stdout: '', stderr: 'timeout' }) })
    expect(checkDeadlineIsTimeout(await recordBundledSessionScenario('read-outlasts-timeout', quits))).toMatchObject({ verdict: 'broken', witness: { exitCode: 2, reads: 0 } })
  })
})

// Each mutant (fixtures/systems/session-client/mutants/) breaks the contract it names in the scenario made for its rule
// (docs/contracts.md, the session-client rule table), and the message says what it did.
describe('each mutant breaks the contract it names, saying what it did', () => {
  const cases: Record<string, [string, RegExp]> = {
    'first-assistant-reply': ['two-replies-in-settling-frame', /printed assistant message m-2 of the settling frame, not its last assistant message m-4/],
    'keeps-cut-reply': ['numbers-1-to-2500', /printed the cut reply instead of the whole reply/],
    'retries-unavailable-only': ['deadline-exceeded-read', /gave up on message m-2 after 1 GetSessionMessage read \(deadline_exceeded\)/],
    'no-try-limit': ['hung-first-try', /try of m-2 hung until the deadline \(exit 2\).*200 ms limit/],
    'keeps-hung-try-open': ['hung-try-abandoned', /try 1 of m-2 had no answer by its 200 ms limit and was never abandoned: try 2 came beside it, and try 1 was still open when the server closed/],
    'retries-every-frame': ['reads-keep-failing', /read message m-2 15 times, over the bound of 12/],
    'one-round-only': ['failed-read-then-later-frame', /gave up on message m-2 after 3 GetSessionMessage reads \(unavailable ×3\)/],
    'one-try-before-wait-ends': ['settling-read-fails-twice', /gave up on message m-2 after 4 GetSessionMessage reads/],
    'no-whole-cache': ['failed-read-then-later-frame', /read message m-2 again after it was read whole, while it stayed in the view/],
    'older-server-fails': ['older-server', /against an older server the client exited 1, printed nothing/],
    'fails-when-reads-fail': ['reads-keep-failing', /no try could read m-2 whole \(12 GetSessionMessage reads \(unavailable ×12\)\) and the client exited 1, printed nothing/],
    'retries-every-error': ['message-gone', /read m-2 again after it answered not_found, a permanent failure/],
    'reads-ignore-deadline': ['read-outlasts-timeout', /the reads of m-2 hang past the 2,400 ms deadline \(12 tries of 600 ms hang\), and the client exited 0 with the cut reply, not 2/],
    'cut-reply-at-deadline': ['deadline-passes-on-last-try', /the reads of m-2 hang past the 2,000 ms deadline \(1 try of 2,400 ms hang\), and the client exited 0 with the cut reply, not 2/],
    'timeout-exits-1': ['frame-outlasts-timeout', /the settling frame is held back past the 2,000 ms deadline, and the client exited 1, not 2/],
    'strips-marker': ['older-server', /printed a cut reply \(4,096 of 11,392 bytes\) with no \[N bytes truncated\] marker \(it ends "…" instead\)/],
    'reconnects-at-once': ['connection-dropped', /reopened the watch \(call 2\) [\d.]+ ms after the call before it ended \(drop\); 50 ms are due after a watch call that brought frames/],
    'fixed-reconnect-pause': ['backoff-while-dropped', /reopened the watch \(call 2\) [\d.]+ ms after .*100 ms are due after 1 watch call in a row that brought no frame/],
    'progress-on-stdout': ['numbers-1-to-2500', /stdout holds 2 lines: the JSON output is exactly one line, and nothing else/],
    'transcript-every-frame': ['whole-reply-in-transcript', /the transcript differs at line 2, column 1 \(byte 77\): "assistant: 1" is due, the client printed "user: /],
    'transcript-in-latest-order': ['prompts-shown-late-text', /the transcript differs at line 2502, column 1 \(byte 11481\): "assistant: Turn 2 done\." is due, the client printed "user: And turn 2\?"/],
    'no-cut-line': ['older-server-text', /the transcript differs at line 1043 \(byte \d+\): \[reply cut: <why>\] after m-2 is due, the client printed nothing more \(the end of stdout\)/],
    'watch-error-exits-0': ['unknown-session', /the watch fails \(the session session-1-unknown is unknown: not_found\) and the client exited 0/],
  }
  test('every mutant but those of stream-resumes-from-cursor has its case here', () => {
    expect(sessionClientMutants.filter((m) => m.breaks !== 'recovery/stream-resumes-from-cursor').map((m) => m.name.split('/').pop()).sort()).toEqual(Object.keys(cases).sort())
  })
  test.for(sessionClientMutants.filter((m) => cases[m.name.split('/').pop()!]))('$name breaks $breaks', { timeout: 60_000 }, async (mutant) => {
    const [scenario, message] = cases[mutant.name.split('/').pop()!]
    // the rule table's row for the same mutant replays the same scenario (rule-table-session-client.test.ts): its run, kept
    const { history } = await recordingOf(mutant.name, bundledSessionScenarioId(scenario), () => recordBundledSessionScenario(scenario, mutant.create))
    const outcome = judgeHistory(history).contracts.find((c) => c.id === mutant.breaks)
    expect(outcome).toMatchObject({ exercised: true, verdict: 'broken', message: expect.stringMatching(message) })
  })
})

// Where the suites ran, every History read from them above is theirs: a missing one would otherwise be recorded again
// here in silence, and the time saved lost without a failing test.
test('where the session-client suites ran, every History read from them is the one they wrote', () => {
  expect([...sources.keys()].sort()).toEqual(['session-client/dep-8516', 'session-client/reference'])
  for (const [adapter, from] of sources) if (suitesRan(adapter)) expect(from.filter((s) => s === 'recorded'), `${adapter}: Histories recorded again though its suite ran`).toEqual([])
})
