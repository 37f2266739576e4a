import { describe, expect, test } from 'vitest'
import { StdioOutput } from '#harness/adapters/stdio/stdio-output.ts'

const bytes = (text: string) => Buffer.from(text)

describe('StdioOutput', () => {
  test('gives stdout as complete lines, keeping an unfinished one for later', () => {
    const output = new StdioOutput()
    expect(output.stdout(bytes('{"a":1}\n{"b"'), '')).toEqual({ lines: ['{"a":1}'] })
    expect(output.stdout(bytes(':2}\n'), '')).toEqual({ lines: ['{"b":2}'] })
    output.stdout(bytes('tail'), '')
    expect(output.rest()).toBe('tail')
  })

  test('counts stdout from one request to the next, and over a scenario across its calls', () => {
    const output = new StdioOutput({ maxStdoutBytesPerCall: 10, maxStdoutBytesPerScenario: 25 })
    expect(output.stdout(bytes('123456789\n'), '').over).toBeUndefined()
    expect(output.stdout(bytes('x'), ' while `read` was waiting for its answer').over).toBe('stdout: more than 10 bytes written from one request to the next while `read` was waiting for its answer; the limit is 10 bytes (10 bytes); the implementation was stopped')
    output.nextCall() // 11 bytes so far in the scenario
    expect(output.stdout(bytes('123456789\n'), '').over).toBeUndefined()
    output.nextCall()
    expect(output.stdout(bytes('12345\n'), '').over).toBe('stdout: more than 25 bytes written in one scenario; the limit is 25 bytes (25 bytes); every answer is kept to be judged, and the implementation was stopped')
    output.nextScenario()
    output.nextCall()
    expect(output.stdout(bytes('12345\n'), '').over).toBeUndefined()
  })

  test('stops at a line longer than its limit, after the lines before it', () => {
    const output = new StdioOutput({ maxLineBytes: 4 })
    expect(output.stdout(bytes('ok\n123456'), '')).toEqual({ lines: ['ok'], over: 'stdout: a line longer than 4 bytes without a newline; the limit is 4 bytes (4 bytes) a line, and the implementation was stopped' })
  })

  test('counts stderr from one request to the next', () => {
    const output = new StdioOutput({ maxStderrBytesPerCall: 3 })
    expect(output.stderr(bytes('abc'), '')).toBeUndefined()
    expect(output.stderr(bytes('d'), '')).toBe('stderr: more than 3 bytes written from one request to the next; the limit is 3 bytes (3 bytes); the implementation was stopped')
    output.nextCall()
    expect(output.stderr(bytes('abc'), '')).toBeUndefined()
  })
})
