import { describe, expect, it } from 'vitest'
import { LineSplitter } from '#harness/adapters/stdio/line-splitter.ts'

describe('LineSplitter', () => {
  it('keeps a multi-byte character whole when a chunk boundary falls inside it', () => {
    const bytes = Buffer.from('{"s":"a🔎é"}\n', 'utf8')
    const emoji = bytes.indexOf(0xf0)
    const splitter = new LineSplitter()
    expect(splitter.push(bytes.subarray(0, emoji + 2))).toEqual([])
    expect(splitter.push(bytes.subarray(emoji + 2, emoji + 5))).toEqual([])
    expect(splitter.push(bytes.subarray(emoji + 5))).toEqual(['{"s":"a🔎é"}'])
  })

  it('gives every line a chunk completes, drops the \\r of \\r\\n, and keeps the unfinished rest', () => {
    const splitter = new LineSplitter()
    expect(splitter.push(Buffer.from('one\ntwo\r\n\nthr'))).toEqual(['one', 'two', ''])
    expect(splitter.bufferedBytes).toBe(3)
    expect(splitter.push(Buffer.from('ee\nfo'))).toEqual(['three'])
    expect(splitter.flush()).toBe('fo')
    expect(splitter.flush()).toBeNull()
  })

  it('joins a line of several megabytes arriving in small chunks', () => {
    const line = JSON.stringify({ items: Array.from({ length: 50_000 }, (_, i) => `item ${i} — 🔎`) })
    const bytes = Buffer.from(`${line}\n`)
    const splitter = new LineSplitter()
    const lines: string[] = []
    for (let at = 0; at < bytes.length; at += 65_536) lines.push(...splitter.push(bytes.subarray(at, at + 65_536)))
    expect(lines).toEqual([line])
  })

  it('counts a run of blank lines without decoding them', () => {
    const splitter = new LineSplitter()
    expect(splitter.push(Buffer.from('\n\n\nx\n\n'))).toEqual(['', '', '', 'x', ''])
  })

  it('drops an unfinished line over the limit, and everything after it, keeping nothing', () => {
    const splitter = new LineSplitter(8)
    expect(splitter.push(Buffer.from('short\n12345'))).toEqual(['short'])
    expect(splitter.overflowed).toBe(false)
    expect(splitter.push(Buffer.from('6789'))).toEqual([])
    expect(splitter.overflowed).toBe(true)
    expect(splitter.bufferedBytes).toBe(0)
    expect(splitter.push(Buffer.from('\nok\n'))).toEqual([])
  })

  it('drops a complete line over the limit before decoding it, keeping the lines before it', () => {
    const splitter = new LineSplitter(8)
    expect(splitter.push(Buffer.from('one\n123456789\ntwo\n'))).toEqual(['one'])
    expect(splitter.overflowed).toBe(true)
  })
})
