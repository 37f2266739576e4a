import { describe, expect, test } from 'vitest'
import { parseRecoveryCommand } from '#harness/recovery/parse-recovery-command.ts'

describe('parseRecoveryCommand', () => {
  test.for([
    ["sed -n '1,240p' /g/snapshot-ab.txt", 1, 240, '/g/snapshot-ab.txt'],
    ['sed -n "241,480p" /g/snapshot-ab.txt', 241, 480, '/g/snapshot-ab.txt'],
    ['sed -n 5,5p snapshot-ab.txt', 5, 5, 'snapshot-ab.txt'],
    ["sed -n '1,240p' '/g/it'\\''s here.txt'", 1, 240, "/g/it's here.txt"],
    ['sed -n \'1,240p\' "/g/a b.txt"', 1, 240, '/g/a b.txt'],
  ] as const)('accepts %s', ([command, from, to, path]) => {
    expect(parseRecoveryCommand(command)).toEqual({ ok: true, command: { from, to, path } })
  })

  test.for([
    "sed -n '1,240p' /g/x.txt; rm -rf /tmp/x",
    "sed -n '1,240p' /g/x.txt && rm -rf /tmp/x",
    "sed -n '1,240p' /g/x.txt | sh",
    "sed -n '1,240p' /g/x.txt > /tmp/out",
    "sed -n '1,240p' < /g/x.txt",
    "sed -n '1,240p' /g/x.txt &",
    "sed -n '1,240p' $(touch /tmp/pwned)",
    "sed -n '1,240p' \"$(touch /tmp/pwned)\"",
    "sed -n '1,240p' `touch /tmp/pwned`",
    "sed -n '1,240p' $HOME/x.txt",
    "sed -n '1,240p' /g/*.txt",
    "sed -n '1,240p' /g/x.txt # note",
    "sed -n '1,240p' /g/x.txt\nrm -rf /tmp/x",
    "sed -n '1,240p' /g/x.txt /etc/passwd",
    "sed -n '1,240p'",
    "sed -n '1,240p' -- /g/x.txt",
    "sed -n '1,240p' ~/x.txt",
    "sed -n '1,240p' /g/{a,b}.txt",
    "sed '1,240p' /g/x.txt",
    "sed -n '1,240p;w /tmp/o' /g/x.txt",
    "sed -n 'e touch /tmp/pwned' /g/x.txt",
    "sed -n '0,240p' /g/x.txt",
    "sed -n '10,5p' /g/x.txt",
    "sed -n '1,241p' /g/x.txt",
    "sed -n '1,$p' /g/x.txt",
    "cat /g/x.txt",
    "/bin/sed -n '1,240p' /g/x.txt",
    "",
  ])('refuses %j with a finding that quotes it', (command) => {
    const parsed = parseRecoveryCommand(command)
    expect(parsed).toMatchObject({ ok: false, finding: { kind: 'refused', quoted: command } })
    if (!parsed.ok) expect(parsed.finding.reason.length).toBeGreaterThan(0)
  })
})

describe('an unterminated quote', () => {
  test.for([
    ["sed -n '1,240p' /g/agent's/snapshot-ab.txt", 'single', 25, `"'s/snapshot-ab.txt"`],
    ['sed -n \'1,240p\' "/g/x.txt', 'double', 17, '"\\"/g/x.txt"'],
    ["sed -n '1,240p /g/x.txt", 'single', 8, `"'1,240p /g/x.txt"`],
  ] as const)('%s: refused, naming the quote and where it opened', ([command, quote, at, rest]) => {
    const q = quote === 'single' ? "'" : '"'
    expect(parseRecoveryCommand(command)).toEqual({
      ok: false,
      finding: { kind: 'refused', reason: `the command holds an unterminated ${quote} quote, opened at character ${at}: ${rest} (a ${q} inside a path must itself be quoted: '\\'' in single quotes)`, quoted: command },
    })
  })
  test('a quote escaped or closed is none', () => {
    expect(parseRecoveryCommand("sed -n '1,240p' /g/it\\'s.txt")).toEqual({ ok: true, command: { from: 1, to: 240, path: "/g/it's.txt" } })
    expect(parseRecoveryCommand('sed -n \'1,240p\' "/g/it\'s.txt"')).toEqual({ ok: true, command: { from: 1, to: 240, path: "/g/it's.txt" } })
  })
})
