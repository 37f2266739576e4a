import { describe, expect, test } from 'vitest'
import { cutToView } from '#harness/drivers/session-client/cut-to-view.ts'
import { replies } from '#fixtures/replies/replies.ts'

describe('cutToView', () => {
  test('keeps a text within the limit whole', () => {
    expect(cutToView('hello', 5)).toEqual({ text: 'hello', truncatedBytes: 0 })
  })
  test('cuts at the limit and names exactly the bytes left out', () => {
    expect(cutToView('abcdef', 4)).toEqual({ text: 'abcd[2 bytes truncated]', truncatedBytes: 2 })
  })
  test.for(['cjk', 'emoji', 'combining', 'numbers-1-to-2500'])('never splits a UTF-8 character of the %s reply', (name) => {
    const whole = replies[name].text
    for (const limit of [4096, 4095, 4094, 4093, 100, 1]) {
      const cut = cutToView(whole, limit)
      const kept = cut.text.slice(0, cut.text.lastIndexOf('['))
      expect(Buffer.byteLength(kept, 'utf8')).toBeLessThanOrEqual(limit)
      expect(whole.startsWith(kept)).toBe(true) // a split character would decode as U+FFFD and not be a prefix
      expect(Buffer.byteLength(kept, 'utf8') + cut.truncatedBytes).toBe(Buffer.byteLength(whole, 'utf8'))
      expect(cut.text.endsWith(`[${cut.truncatedBytes} bytes truncated]`)).toBe(true)
    }
  })
  test("the report's 2,500-line reply is 11,392 bytes whole, and 4096 bytes fit the view", () => {
    const whole = replies['numbers-1-to-2500'].text
    expect(Buffer.byteLength(whole, 'utf8')).toBe(11392)
    expect(whole.split('\n').at(-1)).toBe('2500')
    expect(cutToView(whole, 4096).truncatedBytes).toBe(11392 - 4096)
  })
})
