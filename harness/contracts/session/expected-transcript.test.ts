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
  test('a message twice, a missing cut line, an empty reason or a missing newline is where it first differs', () => {
    expect(transcriptDifference('user: Hi.\nuser: Hi.\nassistant: 1\n2\n3\n', entries)).toEqual({ line: 2, due: 'assistant: 1', printed: 'user: Hi.' })
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2\n3\nassistant: 1\n', entries)).toEqual({ line: 5, due: 'the end of the transcript', printed: 'assistant: 1' })
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2[2 bytes truncated]\n', entries)).toMatchObject({ line: 3, due: '2' })
    expect(transcriptDifference('user: Hi.\nassistant: 1\n2\n3', entries)).toMatchObject({ due: 'a newline ending the last line' })
  })
})
