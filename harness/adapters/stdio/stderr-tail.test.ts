import { describe, expect, it } from 'vitest'
import { StderrTail } from '#harness/adapters/stdio/stderr-tail.ts'

describe('StderrTail', () => {
  it('keeps everything while under the limit', () => {
    const tail = new StderrTail(100)
    tail.push(Buffer.from('starting\n'))
    tail.push(Buffer.from('ready\n'))
    expect(tail.text()).toBe('starting\nready\n')
  })

  it('keeps only the most recent bytes, says how many were dropped, and never starts inside a character', () => {
    const tail = new StderrTail(8)
    for (let i = 0; i < 10; i += 1) tail.push(Buffer.from('ab'))
    tail.push(Buffer.from('é1234567')) // 9 bytes: the cut falls inside é
    expect(tail.text()).toBe('[… 22 earlier bytes of stderr dropped]\n1234567')
  })

  it('quotes the last characters for an error message', () => {
    const tail = new StderrTail()
    tail.push(Buffer.from('first line\nlast line\n'))
    expect(tail.last(10)).toBe('…last line\n')
    expect(tail.last(100)).toBe('first line\nlast line\n')
  })
})
