import { describe, expect, test } from 'vitest'
import { transcriptDifference } from '#harness/contracts/session/expected-transcript.ts'
import type { TranscriptEntry } from '#harness/contracts/session/expected-transcript.ts'

const entries: TranscriptEntry[] = [
  { id: 'm-1', forms: [[{ text: 'user: Hi.' }]], due: 0 },
  { id: 'm-2', forms: [[{ text: 'assistant: 1' }, { text: '2' }, { text: '3' }], [{ text: 'assistant: 1' }, { text: '2[2 bytes truncated]' }, { cutLine: 'm-2' }]], due: 0 },
]

describe('transcriptDifference', () => {
  test('a transcript holding each message once, in either form of a cut message, is exactly it', () => {
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2\n3\n', entries)).toBeUndefined()
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2[2 bytes truncated]\n[reply cut: read failed]\n', entries)).toBeUndefined()
  })
  test('a message twice, a missing cut line, an empty reason or a missing newline is where it first differs, by line and byte of stdout', () => {
    expect(transcriptDifference('user: Hi.\nuser: Hi.\nassistant: 1\n2\n3\n', entries)).toEqual({ line: 2, column: 1, byte: 10, due: '"assistant: 1"', printed: '"user: Hi."' })
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2\n3\nassistant: 1\n', entries)).toEqual({ line: 5, byte: 27, due: 'the end of the transcript', printed: '"assistant: 1"' })
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2[2 bytes truncated]\n', entries)).toEqual({ line: 3, column: 2, byte: 24, due: 'the end of the line', printed: '"2[2 bytes truncated]"' })
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2\n3\nassistant: 1', entries)).toMatchObject({ due: 'a newline ending the last line', printed: '"user: Hi.\\nassistant: 1\\n2\\n3\\nassistant: 1"' })
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2\n3', entries)).toMatchObject({ line: 4, byte: 26, due: 'a newline ending the last line' })
    expect(transcriptDifference('user: Hi.\nassistant: 1\n', entries)).toMatchObject({ line: 3, byte: 23, printed: 'nothing more (the end of stdout)' })
  })
  test('a line that differs by a character one cannot see names its column and shows both sides escaped', () => {
    expect(transcriptDifference('\u{FEFF}user: Hi.\nassistant: 1\n2\n3\n', entries)).toEqual({ line: 1, column: 1, byte: 0, due: '"user: Hi."', printed: '"\\u{FEFF}user: Hi."' })
    expect(transcriptDifference('user: Hi.\nassistant:\u00A01\n2\n3\n', entries)).toEqual({ line: 2, column: 11, byte: 20, due: '"assistant: 1"', printed: '"assistant:\\u{00A0}1"' })
    expect(transcriptDifference('user: Hi.\r\nassistant: 1\n2\n3\n', entries)).toEqual({ line: 1, column: 10, byte: 9, due: 'the end of the line', printed: '"user: Hi.\\r"' })
  })
})
