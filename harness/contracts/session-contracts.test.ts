import { describe, expect, test } from 'vitest'
import { bundledScenarios, recordBundledSessionScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceSessionClient } from '#fixtures/systems/session-client/reference.ts'
import { createDep8516SessionClient } from '#fixtures/systems/session-client/dep-8516.ts'
import { sessionClientMutants } from '#fixtures/systems/session-client/mutants/index.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { checkReplyReadWhole } from '#harness/contracts/reply-read-whole.ts'
import { checkOlderServerKeepsMarker } from '#harness/contracts/older-server-keeps-marker.ts'
import { checkTransientReadRetried } from '#harness/contracts/transient-read-retried.ts'
import { checkDeadlineIsTimeout } from '#harness/contracts/deadline-is-timeout.ts'
import { assertStreamResumesFromCursor, checkStreamResumesFromCursor } from '#harness/contracts/stream-resumes-from-cursor.ts'
import { checkViewMarkerExact } from '#harness/contracts/view-marker-exact.ts'
import type { SessionClientHistory } from '#harness/history/history.ts'
import type { SessionClientPort } from '#harness/ports/session-client-port.ts'

// Every session-client contract, both ways: it holds on session-client/reference in every bundled DEP-8516 scenario,
// and breaks — with its witness — on the pre-fix client, a mutant, or a client made to break it here.

const sessionScenarios = bundledScenarios.filter((s) => s.scenario.port === 'session-client').map((s) => s.id.split('/').pop()!)

describe('session-client/reference (integration)', () => {
  test.for(sessionScenarios)('keeps every session-client contract in %s', async (name) => {
    const history = await recordBundledSessionScenario(name, createReferenceSessionClient)
    for (const outcome of judgeHistory(history)) expect(outcome, outcome.id).toMatchObject({ verdict: 'held' })
  })

  test('judges all six contracts of the port', () => {
    expect(contractsOfPort('session-client').map((c) => c.id).sort()).toEqual([
      'recovery/deadline-is-timeout',
      'recovery/older-server-keeps-marker',
      'recovery/reply-read-whole',
      'recovery/stream-resumes-from-cursor',
      'recovery/transient-read-retried',
      'size/view-marker-exact',
    ])
  })
})

/** A client that prints what `change` makes of the reference's stdout. */
function rewriting(change: (stdout: string) => string, exitCode?: number): () => SessionClientPort {
  return () => {
    const reference = createReferenceSessionClient()
    return { run: async (request) => ((r) => ({ ...r, stdout: change(r.stdout), exitCode: exitCode ?? r.exitCode }))(await reference.run(request)) }
  }
}

describe('the pre-fix client (session-client/dep-8516)', () => {
  test('recovery/reply-read-whole: it prints the cut 2,500-line reply', async () => {
    const result = checkReplyReadWhole(await recordBundledSessionScenario('numbers-1-to-2500', createDep8516SessionClient))
    expect(result).toMatchObject({ verdict: 'broken', witness: { exitCode: 0, expectedBytes: 11392, markerLines: 1 } })
  })
  test('recovery/transient-read-retried: it never tries the failed read again', async () => {
    expect(checkTransientReadRetried(await recordBundledSessionScenario('failed-read-then-later-frame', createDep8516SessionClient))).toMatchObject({ verdict: 'broken', witness: { reads: 0 } })
  })
  test('recovery/deadline-is-timeout: it exits 0 with the cut reply where a read is open at the deadline', async () => {
    expect(checkDeadlineIsTimeout(await recordBundledSessionScenario('read-outlasts-timeout', createDep8516SessionClient))).toMatchObject({ verdict: 'broken', witness: { exitCode: 0 } })
  })
  test('recovery/stream-resumes-from-cursor: it takes a GOAWAY for the end, and the frames after it are lost', async () => {
    const result = checkStreamResumesFromCursor(await recordBundledSessionScenario('goaway-at-frame', createDep8516SessionClient))
    expect(result).toMatchObject({ verdict: 'broken', witness: { lost: { cursors: ['c-0003', 'c-0004', 'c-0005'] }, calls: [{ watch: 1, end: 'goaway' }] } })
  })
})

describe('recovery/stream-resumes-from-cursor catches a client that resumes from the wrong cursor', () => {
  test.for(sessionClientMutants)('$name, naming the frame', async (mutant) => {
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
    expect(checkOlderServerKeepsMarker(await recordBundledSessionScenario('older-server', dropsMarker))).toMatchObject({ verdict: 'broken' })
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
    const history = await recordBundledSessionScenario('eviction', createReferenceSessionClient)
    const reads = history.events.filter((e) => e.type === 'note' && (e.value as { type?: string }).type === 'read')
    const flooded: SessionClientHistory = { ...history, events: [...history.events, ...Array.from({ length: 13 }, (_, i) => ({ ...reads[0], index: history.events.length + i }))] }
    expect(checkTransientReadRetried(flooded)).toMatchObject({ verdict: 'broken', witness: { bound: 12 } })
  })
})
