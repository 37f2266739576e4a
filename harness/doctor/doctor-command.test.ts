import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { doctorCommand } from '#harness/cli/doctor-command.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'

// doctorCommand in process, each test checking one implementation as `contract-kit doctor` does: five starts of it (the
// session, three for start-up, one for SIGTERM), or three of a session client run as a command. One at a time: what
// doctor prints is read from console.log, which tests side by side would share. pager/reference@stdio starts from
// source here (through tsx, about 0.9 s a start): the resolution of a bundled name is what it proves.

/** `stdio:` followed by the fixture's argv, each word quoted. */
const stdio = (fixture: string): string => `stdio:${doctorFixture(fixture).map((word) => `'${word}'`).join(' ')}`

let log: MockInstance<typeof console.log>
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {})
})
afterEach(() => log.mockRestore())
const printed = (): string => log.mock.calls.map((call) => call.join(' ')).join('\n')

/** The start-up line's slowest time and suggested scale, as printed. */
function startupFigures(text: string): { slowestMs: number; scale: number } {
  const match = /^[✓!] (?:ok  |warn) startup {6}start-up (\d+) ms \(slowest of 3; median \d+ ms\); suggested --time-scale (1|2|4|8|16)\b/m.exec(text)
  expect(match, text).not.toBeNull()
  return { slowestMs: Number(match![1]), scale: Number(match![2]) }
}

let temp: string
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'contract-kit-doctor-command-'))
})
afterAll(() => rm(temp, { recursive: true, force: true }))

describe('doctorCommand', () => {
  it('prints the banner line, its number and the fix, and exits 1', async () => {
    expect(await doctorCommand(['--adapter', stdio('banner'), '--calls', '3'])).toBe(1)
    const text = printed()
    expect(text).toContain(`contract-kit doctor: ${stdio('banner')}`)
    expect(text).toContain('✗ fail stdout       stdout line 1 is not a JSON-RPC response (it is not JSON), before the initialize answer: "Listening on stdio (doctor banner fixture)"')
    expect(text).toContain('fix: stdout carries JSON-RPC responses only: print banners, logs and debug output on stderr.')
    expect(text).toContain('Python: print(..., file=sys.stderr)')
    expect(text).toContain('Go:     log.SetOutput(os.Stderr)')
    expect(text).toContain('doctor: 1 check failed')
  })

  it('exits 0 when only warnings are found (a slow implementation against --max-call-ms)', async () => {
    expect(await doctorCommand(['--adapter', stdio('slow-calls'), '--calls', '2', '--max-call-ms', '100'])).toBe(0)
    expect(printed()).toMatch(/! warn latency {6}2 calls of pager: .*took longer than 100 ms/)
  })

  it('exits 0 on a bundled system over stdio, expecting its port, with its start-up time and the scale it suggests', async () => {
    expect(await doctorCommand(['--adapter', 'pager/reference@stdio', '--calls', '3'])).toBe(0)
    expect(printed()).toContain('✓ ok   handshake    pager/reference answered initialize')
    expect(startupFigures(printed()).slowestMs).toBeGreaterThan(0)
    expect(printed()).toContain("the shortest deadline the kit gives it: 10000 ms, the kit's default per-call timeout")
    expect(printed()).toMatch(/^doctor: (every check passed|no check failed, 1 warning)/m) // a loaded machine may start it slowly
  }, 90_000)

  it('checks the start-up of a bundled session client run as a command, and prints the stdio checks as skipped', async () => {
    expect(await doctorCommand(['--adapter', 'session-client/reference@command'])).toBe(0)
    const text = printed()
    expect(text).toContain('contract-kit doctor: session-client/reference@command')
    expect(startupFigures(text).slowestMs).toBeGreaterThan(0)
    expect(text).toMatch(/each start, from spawn to its first request to the session server: \d+, \d+, \d+ ms/)
    expect(text).toMatch(/the shortest deadline the kit gives it: \d+ ms, the least timeoutMs of the bundled session-client scenarios \(session-client\//)
    for (const id of ['handshake', 'stdout', 'stderr', 'latency', 'stdin-close', 'sigterm']) {
      expect(text).toMatch(new RegExp(`^- skip ${id} +not checked: a session client run as a command does not speak the stdio protocol$`, 'm'))
    }
  }, 90_000)

  it('checks a session client of a profile with transport: command (an example client on node:http2)', async () => {
    const client = fileURLToPath(new URL('../../examples/clients/node-http2/client.mjs', import.meta.url))
    const file = join(temp, 'client.yaml')
    const command = [process.execPath, client, 'watch', '--url', '{url}', '--session', '{session}', '--timeout', '{timeout}', '--try-timeout', '{tryTimeout}', '-o', '{output}']
    await writeFile(file, `name: node-http2-client\nports: [session-client]\ntransport: command\ncommand: ${JSON.stringify(command)}\n`)
    expect(await doctorCommand(['--profile', file])).toBe(0)
    expect(printed()).toContain(`contract-kit doctor: node-http2-client (${file})`)
    expect(startupFigures(printed()).slowestMs).toBeGreaterThan(0)
  }, 90_000)

  it('fails the start-up of a client that exits before any request, with its stderr and a fix', async () => {
    const adapter = `command:'${process.execPath}' -e 'console.error("no such flag: --url"); process.exit(3)' -- --url {url}`
    expect(await doctorCommand(['--adapter', adapter])).toBe(1)
    const text = printed()
    expect(text).toContain('✗ fail startup      start 1 of 3: the client exited with code 3 before any request reached the session server')
    expect(text).toContain('      no such flag: --url')
    expect(text).toContain('fix: Run the command by hand against the kit')
    expect(text).toContain('doctor: 1 check failed')
  }, 30_000)

  it('checks the ports named with --port', async () => {
    expect(await doctorCommand(['--adapter', stdio('healthy'), '--calls', '2', '--port', 'agent-log'])).toBe(1)
    expect(printed()).toContain('doctor-healthy declares pager, but not the expected agent-log')
  })

  it.each([
    [[], /doctor needs one of --profile FILE or --adapter/],
    [['--adapter', 'pager/reference'], /doctor checks an implementation over stdio/],
    [['--adapter', 'session-client/reference'], /doctor checks an implementation over stdio, a service already running over HTTP or a session client run as a command/],
    [['--adapter', 'command:my-client {url} {sesion}'], /unknown placeholder \{sesion\}/],
    [['--adapter', 'command:my-client {url}', '--calls', '3'], /--calls tunes the stdio checks; command:my-client \{url\} is a session client run as a command/],
    [['--adapter', 'session-client/reference@command', '--port', 'pager'], /--port tunes the stdio checks/],
    [['--adapter', 'no-such-system@stdio'], /doctor checks an implementation over stdio/],
    [['--adapter', 'stdio:python3 pager.py | tee log'], /shell operator/],
    [['--adapter', 'stdio:python3 pager.py', '--calls', '0'], /--calls: expected a whole number from 1 to 2,147,483,647, in decimal digits, got "0"/],
    [['--adapter', 'stdio:python3 pager.py', '--max-call-ms', 'fast'], /--max-call-ms: expected a whole number from 1 to 2,147,483,647, in decimal digits, got "fast"/],
    [['--adapter', 'stdio:python3 pager.py', '--profile', 'x.yaml'], /doctor needs one of --profile FILE or --adapter/],
    [['--adapter', 'stdio:python3 pager.py', 'extra'], /positional/],
  ])('rejects %j as bad usage, starting nothing', async (args, message) => {
    const error = await doctorCommand(args as string[]).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(UsageError)
    expect((error as Error).message).toMatch(message)
    expect(log).not.toHaveBeenCalled()
  })

  it('rejects a profile it cannot read with the file named, starting nothing', async () => {
    const error = await doctorCommand(['--profile', 'no-such-profile.yaml']).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ScenarioError)
    expect((error as Error).message).toMatch(/no-such-profile.yaml: expected a readable profile file \(ENOENT\)/)
    expect(log).not.toHaveBeenCalled()
  })

  it('refuses a profile with transport: http as bad usage, starting nothing', async () => {
    const file = join(temp, 'http.yaml')
    await writeFile(file, `name: svc\nports: [pager]\ntransport: http\nurl: stdout\nstart: [${JSON.stringify(process.execPath)}, -e, 'process.exit(9)']\n`)
    const error = await doctorCommand(['--profile', file]).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(UsageError)
    expect((error as Error).message).toBe(`svc (${file}): transport: http; doctor checks stdio and command implementations only (docs/http-protocol.md)`)
    expect(log).not.toHaveBeenCalled()
  })
})
