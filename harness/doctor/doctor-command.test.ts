import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { doctorCommand } from '#harness/cli/doctor-command.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'

/** `stdio:` followed by the fixture's argv, each word quoted. */
const stdio = (fixture: string): string => `stdio:${doctorFixture(fixture).map((word) => `'${word}'`).join(' ')}`

let log: MockInstance<typeof console.log>
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {})
})
afterEach(() => log.mockRestore())
const printed = (): string => log.mock.calls.map((call) => call.join(' ')).join('\n')

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

  it('exits 0 on a bundled system over stdio, expecting its port', async () => {
    expect(await doctorCommand(['--adapter', 'pager/reference@stdio', '--calls', '3'])).toBe(0)
    expect(printed()).toContain('✓ ok   handshake    pager/reference answered initialize')
    expect(printed()).toContain('doctor: every check passed')
  }, 90_000)

  it('checks the ports named with --port', async () => {
    expect(await doctorCommand(['--adapter', stdio('healthy'), '--calls', '2', '--port', 'agent-log'])).toBe(1)
    expect(printed()).toContain('doctor-healthy declares pager, but not the expected agent-log')
  })

  it.each([
    [[], /doctor needs one of --profile FILE or --adapter/],
    [['--adapter', 'pager/reference'], /doctor checks an implementation over stdio/],
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
})
