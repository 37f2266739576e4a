import { describe, expect, test } from 'vitest'
import { answerRead } from '#harness/servers/session-server/read-answers.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'

const request = { sessionId: 's1', messageId: 'm2' }

describe('answerRead', () => {
  test('calls take the scripted answers in order and the last one repeats', () => {
    const script = sampleScript([], ['unavailable', 'internal', 'hang', 'ok'])
    expect([1, 2, 3, 4, 5].map((call) => answerRead(script, call, request).answer)).toEqual(['unavailable', 'internal', 'hang', 'ok', 'ok'])
  })

  test('ok answers 200 with the whole message; errors carry their Connect code and HTTP status', () => {
    const script = sampleScript([], ['ok', 'unavailable', 'internal', 'unimplemented'])
    const replies = [1, 2, 3, 4].map((call) => answerRead(script, call, request))
    expect(replies[0]).toEqual({ answer: 'ok', messageId: 'm2', status: 200, body: { message: script.wholeMessages.m2 } })
    expect(replies.slice(1).map((reply) => ('status' in reply ? [reply.status, (reply.body as { code: string }).code] : null))).toEqual([
      [503, 'unavailable'],
      [500, 'internal'],
      [404, 'unimplemented'],
    ])
  })

  test('unknown, aborted and canceled answer with their Connect code and the status the Connect protocol maps it to', () => {
    const script = sampleScript([], ['unknown', 'aborted', 'canceled'])
    const replies = [1, 2, 3].map((call) => answerRead(script, call, request))
    expect(replies.map((reply) => ('status' in reply ? [reply.answer, reply.status, (reply.body as { code: string }).code] : null))).toEqual([
      ['unknown', 500, 'unknown'],
      ['aborted', 409, 'aborted'],
      ['canceled', 499, 'canceled'],
    ])
  })

  test('drop answers nothing: the connection is dropped under the call', () => {
    expect(answerRead(sampleScript([], ['drop', 'ok']), 1, request)).toEqual({ answer: 'drop', messageId: 'm2' })
  })

  test('the older server answers unimplemented even to a bad request; otherwise a bad request is invalid_argument', () => {
    expect(answerRead(sampleScript([], ['unimplemented']), 1, 'junk').answer).toBe('unimplemented')
    expect(answerRead(sampleScript([], ['hang']), 1, { sessionId: 's1' })).toMatchObject({ answer: 'invalid_argument', status: 400 })
  })

  test('an unknown session or message is not_found', () => {
    const script = sampleScript()
    expect(answerRead(script, 1, { sessionId: 's1', messageId: 'nope' })).toMatchObject({ answer: 'not_found', status: 404 })
    expect(answerRead(script, 1, { sessionId: 's2', messageId: 'm2' })).toMatchObject({ answer: 'not_found', status: 404 })
    expect(answerRead(script, 1, { sessionId: 's1', messageId: 'constructor' })).toMatchObject({ answer: 'not_found' })
  })

  test('with no scripted reads every call is ok', () => {
    expect(answerRead(sampleScript([], []), 3, request).answer).toBe('ok')
  })
})
