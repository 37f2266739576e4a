import { describe, expect, test } from 'vitest'
import { decodeEnvelopes, encodeEnvelope, endStreamFlag } from '#harness/servers/session-server/connect-envelope.ts'

describe('the Connect envelope', () => {
  test('is a flags byte, a big-endian u32 length and the JSON payload', () => {
    const bytes = encodeEnvelope(endStreamFlag, { a: 'é' })
    expect([...bytes.subarray(0, 5)]).toEqual([0x02, 0, 0, 0, 10])
    expect(new TextDecoder().decode(bytes.subarray(5))).toBe('{"a":"é"}')
  })

  test('a text too long for the scratch memory is encoded as a short one is: its compact JSON in UTF-8', () => {
    for (const text of ['é😀\ud800', 'é😀\ud800'.repeat(20_000)]) {
      const bytes = encodeEnvelope(0, { text })
      const payload = Buffer.from(JSON.stringify({ text }), 'utf8')
      expect([bytes.length, new DataView(bytes.buffer).getUint32(1, false)]).toEqual([5 + payload.length, payload.length])
      expect(Buffer.from(bytes.subarray(5)).equals(payload)).toBe(true)
    }
  })

  test('decodes back whole envelopes and keeps the bytes of an incomplete last one', () => {
    const one = encodeEnvelope(0, 'one')
    const two = encodeEnvelope(endStreamFlag, {})
    const joined = Buffer.concat([one, two.subarray(0, 6)])
    const { envelopes, rest } = decodeEnvelopes(joined)
    expect(envelopes.map((envelope) => [envelope.flags, new TextDecoder().decode(envelope.payload)])).toEqual([[0, '"one"']])
    expect(rest.length).toBe(6)
    expect(decodeEnvelopes(Buffer.concat([one, two])).rest.length).toBe(0)
  })
})
