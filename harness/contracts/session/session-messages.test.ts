import { describe, expect, test } from 'vitest'
import { recordBundledSessionScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceSessionClient } from '#fixtures/systems/session-client/reference.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { checkOutputFormExact } from '#harness/contracts/output-form-exact.ts'
import { checkReplyReadWhole } from '#harness/contracts/reply-read-whole.ts'
import { checkViewMarkerExact } from '#harness/contracts/view-marker-exact.ts'
import type { SessionClientHistory } from '#harness/history/history.ts'
import type { SessionClientPort } from '#harness/ports/session-client-port.ts'

// issue 24: where a session-client contract compares what the client printed with what is due, its message names the
// first difference — the line, the byte, the column — and shows both sides with every invisible character escaped (a
// BOM, a zero-width space, a CR). Each History is the reference client's, recorded in process against the kit's
// server, with its stdout changed; the verdicts are those the change always gave: only the words are new.

/** The reference client, with its stdout passed through `change`. */
const rewriting = (change: (stdout: string) => string) => (): SessionClientPort => {
  const client = createReferenceSessionClient()
  return { run: async (request) => ((r) => ({ ...r, stdout: change(r.stdout) }))(await client.run(request)) }
}
/** The reference client, with the `reply` of its JSON line passed through `change`. */
const rewritingReply = (change: (reply: string) => string) => rewriting((out) => `${JSON.stringify(((o) => ({ ...o, reply: change(o.reply) }))(JSON.parse(out) as { reply: string }))}\n`)
const verdicts = (history: SessionClientHistory) => Object.fromEntries(judgeHistory(history).contracts.map((c) => [c.id, c.verdict]))

describe('output/form-exact', () => {
  test('a transcript with a BOM at byte 0: line 1, column 1, byte 0, and "\\u{FEFF}" on the side printed', async () => {
    const reference = await recordBundledSessionScenario('whole-reply-in-transcript', createReferenceSessionClient)
    const history = await recordBundledSessionScenario('whole-reply-in-transcript', rewriting((out) => `\uFEFF${out}`))
    expect(verdicts(history)).toEqual({ ...verdicts(reference), 'output/form-exact': 'broken' })
    expect(checkOutputFormExact(history)).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/^the transcript differs at line 1, column 1 \(byte 0\): "user: .*" is due, the client printed "\\u\{FEFF\}user: /),
      witness: { line: 1, column: 1, byte: 0 },
    })
  })
  test('a transcript with CR LF line ends: the column and byte of the first CR, shown as \\r', async () => {
    const history = await recordBundledSessionScenario('whole-reply-in-transcript', rewriting((out) => out.replaceAll('\n', '\r\n')))
    const result = checkOutputFormExact(history)
    expect(result).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^the transcript differs at line 1, column \d+ \(byte \d+\): the end of the line is due, the client printed ".*\\r"$/) })
    const { column, byte } = (result as unknown as { witness: { column: number; byte: number } }).witness
    expect(byte).toBe(column - 1) // the first line is ASCII: its byte is its column, from 0
  })
  test('a JSON sessionId with a zero-width space: both quoted, escaped, and the byte where they part', async () => {
    const history = await recordBundledSessionScenario('numbers-1-to-2500', rewriting((out) => out.replace(/"sessionId":"([^"]*)"/, '"sessionId":"$1\u200B"')))
    expect(checkOutputFormExact(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^the JSON output has sessionId "([^"]+)\\u\{200B\}", not "\1" \(first different at byte \d+\)$/) })
  })
})

describe('recovery/reply-read-whole', () => {
  test('a JSON reply with a BOM at byte 0: the whole reply due, the reply printed, both escaped', async () => {
    const reference = await recordBundledSessionScenario('numbers-1-to-2500', createReferenceSessionClient)
    const history = await recordBundledSessionScenario('numbers-1-to-2500', rewritingReply((reply) => `\uFEFF${reply}`))
    expect(verdicts(history)).toEqual({ ...verdicts(reference), 'recovery/reply-read-whole': 'broken' })
    expect(checkReplyReadWhole(history)).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/^the client printed a reply that is not the whole one instead of the whole reply \(11,392 bytes\): first different at line 1 \(byte 0, column 1\): "1\\n2\\n3\\n.*" is due, the reply printed has "\\u\{FEFF\}1\\n2\\n/),
      witness: { difference: { byte: 0, line: 1, column: 1 } },
    })
  })
})

describe('size/view-marker-exact', () => {
  test('a cut text that leaves the reply: where, both sides escaped', async () => {
    const reference = await recordBundledSessionScenario('older-server', createReferenceSessionClient)
    const history = await recordBundledSessionScenario('older-server', rewritingReply((reply) => `${reply.slice(0, 10)}\u200B${reply.slice(11)}`))
    // what it printed is not the view's cut text either: older-server-keeps-marker breaks with it, as it always did
    expect(verdicts(history)).toEqual({ ...verdicts(reference), 'size/view-marker-exact': 'broken', 'recovery/older-server-keeps-marker': 'broken' })
    expect(checkViewMarkerExact(history)).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/^the client printed a cut text that is not a whole-character prefix of the reply \(a split character, or other text\): first different at line \d+ \(byte 10, column \d+\): ".*" is due, the cut text has ".*\\u\{200B\}/),
      witness: { who: 'the client', byte: 10 },
    })
  })
  test('a marker replaced by text one cannot see: what the reply ends with, escaped', async () => {
    const history = await recordBundledSessionScenario('older-server', rewritingReply((reply) => reply.replace(/\[\d+ bytes truncated\]/, '\u00A0\u2026')))
    expect(checkViewMarkerExact(history)).toMatchObject({
      verdict: 'broken',
      message: 'the client printed a cut reply (4,096 of 11,392 bytes) with no [N bytes truncated] marker (it ends "\\u{00A0}…" instead)',
      witness: { endsWith: '\\u{00A0}…' },
    })
  })
})
