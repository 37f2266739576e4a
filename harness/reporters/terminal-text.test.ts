import { describe, expect, it } from 'vitest'
import { terminalText } from '#harness/reporters/terminal-text.ts'

describe('terminalText', () => {
  it('shows every escape sequence, control character and bidi override as \\u{…}, so none reaches the terminal', () => {
    const hostile = 'a\u001b[2J\u001b]0;owned\u0007b\u009b31mc\u007fd\u0000e\u202eevil\u2066x\u2069'
    const shown = terminalText(hostile)
    expect(shown).toBe('a\\u{1b}[2J\\u{1b}]0;owned\\u{7}b\\u{9b}31mc\\u{7f}d\\u{0}e\\u{202e}evil\\u{2066}x\\u{2069}')
    expect(shown).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
  })

  it('keeps the text on one line, and tabs, emoji and other scripts as they are', () => {
    expect(terminalText('first\r\n  second\nthird\u2028fourth')).toBe('first second third fourth')
    expect(terminalText('tab\there 🛠 日本語 עברית')).toBe('tab\there 🛠 日本語 עברית')
  })

  it('shows an unpaired surrogate, and leaves a paired one alone', () => {
    expect(terminalText('x\ud800y\udc00z\ud83d\udee0')).toBe('x\\u{d800}y\\u{dc00}z\ud83d\udee0')
  })
})
