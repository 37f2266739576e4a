import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import { profileFiles } from '#harness/__test-helpers__/profile-files.ts'
import { capabilityNames } from '#harness/profiles/capabilities.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'

/** Profiles written into a temporary folder of this file's. */
const { folder, profile } = profileFiles('contract-kit-profile-')

const head = 'name: my-impl\nports: [pager]\ntransport: stdio\ncommand: node ./impl.js\n'

/** The ScenarioError loading a profile throws (fails the test when it loads). */
const rejection = (file: string): ScenarioError => {
  try {
    loadProfile(file)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError)
    const e = error as ScenarioError
    expect(e.message).not.toMatch(/[\r\n]/)
    return e
  }
  throw new Error(`expected ${file} to be rejected`)
}

describe('loadProfile: the committed Python reference profile', () => {
  const loaded = loadProfile('examples/python/profile.yaml')
  const examples = resolve('examples/python')

  it('reads its name, transport, and ports sorted', () => {
    expect(loaded.name).toBe('python-reference')
    expect(loaded.transport).toBe('stdio')
    expect(loaded.ports).toEqual(['agent-log', 'pager'])
    expect(loaded.given).toBe('examples/python/profile.yaml')
    expect(loaded.file).toBe(join(examples, 'profile.yaml'))
  })

  it('resolves ./ words of the command against its folder, which is also the working folder', () => {
    expect(loaded.command).toEqual(['python3', join(examples, 'contract_kit_reference.py')])
    expect(loaded.cwd).toBe(examples)
    expect(loaded.env).toEqual({ PYTHONUNBUFFERED: '1' })
  })

  it('has no expectations, the capabilities it names, and the default retries', () => {
    expect(loaded.expectations).toEqual([])
    expect(loaded.capabilities).toEqual(['process-restart'])
    expect(loaded.scenarios).toEqual([])
    expect(loaded.flakyRetries).toBe(2)
  })
})

describe('loadProfile: expectations', () => {
  const text = [
    head.trimEnd(), // lines 1-4
    'knownFailing:', // 5
    '  # the pre-fix pager fits by JSON bytes only', // 6
    '  - case: regressions/analysis-result-budget/default-read', // 7
    '    contract: size/page-fits-ceilings', // 8
    '    reason: pages are cut by JSON bytes, not retained bytes', // 9
    '    link: https://example.com/issues/1', // 10
    '    expires: 2026-03-31', // 11
    '  - case: regressions/plat-114/*', // 12
    '    reason: no store on disk', // 13
    '    link: https://example.com/issues/2', // 14
    'knownFlaky:', // 15
    '  - case: regressions/dep-8516/hung-first-try', // 16
    '    contract: recovery/transient-read-retried', // 17
    '    reason: the retry races the timeout', // 18
    '    link: https://example.com/issues/3', // 19
    '',
  ].join('\n')

  it('turns knownFailing then knownFlaky entries into expectations, each with its file:line, link and expiry', () => {
    const file = profile(text)
    expect(loadProfile(file).expectations).toEqual([
      {
        pattern: 'regressions/analysis-result-budget/default-read:size/page-fits-ceilings',
        scenario: 'regressions/analysis-result-budget/default-read',
        contract: 'size/page-fits-ceilings',
        reason: 'pages are cut by JSON bytes, not retained bytes',
        source: `${file}:7`,
        link: 'https://example.com/issues/1',
        expires: '2026-03-31',
      },
      {
        pattern: 'regressions/plat-114/*',
        scenario: 'regressions/plat-114/*',
        reason: 'no store on disk',
        source: `${file}:12`,
        link: 'https://example.com/issues/2',
      },
      {
        pattern: 'regressions/dep-8516/hung-first-try:recovery/transient-read-retried',
        scenario: 'regressions/dep-8516/hung-first-try',
        contract: 'recovery/transient-read-retried',
        reason: 'the retry races the timeout',
        source: `${file}:16`,
        link: 'https://example.com/issues/3',
        kind: 'flaky',
      },
    ])
  })

  it('writes each source with the path as given, not resolved', () => {
    const file = profile(text)
    const given = relative(process.cwd(), file)
    const loaded = loadProfile(given)
    expect(loaded.given).toBe(given)
    expect(loaded.file).toBe(file)
    expect(loaded.expectations.map((e) => e.source)).toEqual([`${given}:7`, `${given}:12`, `${given}:16`])
  })
})

describe('loadProfile: command and capabilities', () => {
  it('splits a string command without a shell, keeping quoted words whole', () => {
    const loaded = loadProfile(profile(`name: a\nports: [pager]\ntransport: stdio\ncommand: node ./impl.js --label 'two words' /usr/bin/x\n`))
    expect(loaded.command).toEqual(['node', join(folder, 'impl.js'), '--label', 'two words', '/usr/bin/x'])
    expect(loaded.cwd).toBe(folder)
  })

  it('takes a list command word for word, resolving ./ and ../ words only', () => {
    const loaded = loadProfile(profile(`name: a\nports: [pager]\ntransport: stdio\ncommand: [node, ../impl.js, 'a b', ./x, .hidden]\n`))
    expect(loaded.command).toEqual(['node', resolve(folder, '..', 'impl.js'), 'a b', join(folder, 'x'), '.hidden'])
  })

  it('gives every capability when none are listed', () => {
    const loaded = loadProfile(profile(head))
    expect(loaded.capabilities).toEqual(capabilityNames)
    expect(loaded.capabilities).toEqual(['process-restart', 'http2'])
  })

  it('keeps an empty capability list empty', () => {
    expect(loadProfile(profile(`${head}capabilities: []\n`)).capabilities).toEqual([])
  })

  it('dedupes ports', () => {
    expect(loadProfile(profile('name: a\nports: [pager, agent-log, pager]\ntransport: stdio\ncommand: x\n')).ports).toEqual(['agent-log', 'pager'])
  })
})

describe('loadProfile: bad profiles are one-line ScenarioErrors naming file:line:column and the field', () => {
  it('a knownFailing entry without a link points at the entry', () => {
    const file = profile(`${head}knownFailing:\n  - case: regressions/x/y\n    reason: it breaks\n`)
    const error = rejection(file)
    expect(error.field).toBe('knownFailing[0].link')
    expect([error.line, error.column]).toEqual([6, 5])
    expect(error.message).toBe(`${file}:6:5: knownFailing[0].link: missing, expected the http(s) URL of the issue that tracks it`)
  })

  it('an expiry that is no date (month 13) points at the value', () => {
    const file = profile(`${head}knownFlaky:\n  - case: regressions/x/y\n    reason: it breaks\n    link: https://example.com/1\n    expires: 2026-13-01\n`)
    const error = rejection(file)
    expect(error.field).toBe('knownFlaky[0].expires')
    expect([error.line, error.column]).toEqual([9, 14])
    expect(error.message).toBe(`${file}:9:14: knownFlaky[0].expires: expected a date YYYY-MM-DD, got "2026-13-01"`)
  })

  it('a time scale is kept, and carried into the run plan; absent, none', async () => {
    const { planAdapterOfProfile } = await import('#harness/profiles/plan-adapter-of-profile.ts')
    expect(loadProfile(profile(`${head}timeScale: 1.5\n`)).timeScale).toBe(1.5)
    expect(planAdapterOfProfile(loadProfile(profile(`${head}timeScale: 4\n`))).timeScale).toBe(4)
    expect(loadProfile(profile(head))).not.toHaveProperty('timeScale')
  })

  it.for(['0.5', '101', '1.2345', '"2"'])('a time scale of %s points at the value', (value) => {
    const file = profile(`${head}timeScale: ${value}\n`)
    const error = rejection(file)
    expect(error.field).toBe('timeScale')
    expect([error.line, error.column]).toEqual([5, 12])
    expect(error.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:12: timeScale: expected a time scale from 1 to 100`))
  })

  it('an unknown port names the ports there are', () => {
    const file = profile('name: a\nports: [pager, fax]\ntransport: stdio\ncommand: x\n')
    const error = rejection(file)
    expect(error.field).toBe('ports[1]')
    expect([error.line, error.column]).toEqual([2, 16])
    expect(error.message).toContain('expected one of agent-log, pager, session-client, snapshotter, tool-output, got "fax"')
  })

  it('an unknown key points at the key and names the accepted keys', () => {
    const file = profile(`${head}colour: blue\n`)
    const error = rejection(file)
    expect(error.field).toBe('colour')
    expect([error.line, error.column]).toEqual([5, 1])
    expect(error.message).toBe(
      `${file}:5:1: colour: unknown key, expected one of name, ports, transport, command, url, start, startTimeoutMs, env, timeoutMs, timeScale, capabilities, scenarios, knownFailing, knownFlaky, flakyRetries`,
    )
  })

  it('a port its transport cannot reach names the transport it needs', () => {
    const overStdio = rejection(profile('name: a\nports: [pager, session-client]\ntransport: stdio\ncommand: x\n'))
    expect([overStdio.field, overStdio.line, overStdio.column]).toEqual(['ports[1]', 2, 16])
    expect(overStdio.expected).toBe('session-client is reached over transport: command; transport stdio offers agent-log, pager, tool-output')
    const asCommand = rejection(profile('name: a\nports: [agent-log]\ntransport: command\ncommand: x\n'))
    expect(asCommand.expected).toBe('agent-log is reached over transport: stdio or http; transport command offers session-client')
    const snapshotter = rejection(profile('name: a\nports: [snapshotter]\ntransport: stdio\ncommand: x\n'))
    expect(snapshotter.expected).toMatch(/^the snapshotter port runs only in process/)
  })

  it('a name with spaces', () => {
    const file = profile('name: my impl\nports: [pager]\ntransport: stdio\ncommand: x\n')
    const error = rejection(file)
    expect(error.field).toBe('name')
    expect(error.message).toBe(`${file}:1:7: name: expected a name of lowercase letters, digits and dashes, got "my impl"`)
  })

  it('a command using $HOME: no shell expands it', () => {
    const file = profile('name: a\nports: [pager]\ntransport: stdio\ncommand: $HOME/bin/impl\n')
    const error = rejection(file)
    expect(error.field).toBe('command')
    expect([error.line, error.column]).toEqual([4, 10])
    expect(error.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:\\d+: command: .*uses \\$HOME: no shell runs it, so nothing is expanded`))
  })

  it('a YAML syntax error names the line and column and no field', () => {
    const file = profile('name: a\nports: [pager\ntransport: stdio\n')
    const error = rejection(file)
    expect(error.field).toBe('')
    expect([error.line, error.column]).toEqual([3, 1])
    expect(error.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:1: \\S`))
  })

  it('a missing file says it cannot be read', () => {
    const file = join(folder, 'absent.yaml')
    const error = rejection(file)
    expect(error.line).toBeUndefined()
    expect(error.message).toBe(`${file}: expected a readable profile file (ENOENT)`)
  })
})
