import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'

const folder = mkdtempSync(join(tmpdir(), 'contract-kit-profile-bounds-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

let written = 0
/** The ScenarioError loading a profile of this text throws: one line, with a position. */
const rejection = (text: string | Buffer): ScenarioError => {
  const file = join(folder, `profile-${++written}.yaml`)
  writeFileSync(file, text)
  try {
    loadProfile(file)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError)
    expect((error as Error).message).not.toMatch(/[\r\n]/)
    expect((error as ScenarioError).line).toBeGreaterThan(0)
    return error as ScenarioError
  }
  throw new Error('expected the profile to be refused')
}

const stdio = 'name: my-impl\nports: [pager]\ntransport: stdio\ncommand: node ./impl.js\n'
const command = (line: string) => `name: my-client\nports: [session-client]\ntransport: command\ncommand: ${line}\n`
const entry = (fields: string) => `${stdio}knownFailing:\n  - { case: size/x, reason: r, ${fields} }\n`

describe('loadProfile: what a profile may hold', () => {
  it('refuses a NUL byte or invalid UTF-8 at its line and column', () => {
    expect(rejection(`${stdio}env: { A: "x\0" }\n`)).toMatchObject({ line: 5, column: 13, field: '', expected: 'expected text, got a NUL byte' })
    expect(rejection(Buffer.concat([Buffer.from(`${stdio}env: { A: `), Buffer.from([0xc3, 0x28]), Buffer.from(' }\n')]))).toMatchObject({ line: 5, column: 11, expected: 'expected UTF-8 text, got the invalid byte 0xc3' })
  })

  it('refuses an undefined alias at its position', () => {
    expect(rejection(`${stdio}scenarios: [*nope]\n`)).toMatchObject({ line: 5, column: 13 })
  })

  it('refuses an expiry that is not on the calendar', () => {
    expect(rejection(entry('link: https://tracker.example/1, expires: 2027-02-30'))).toMatchObject({ line: 6, field: 'knownFailing[0].expires', expected: 'expected a date YYYY-MM-DD that is on the calendar, got "2027-02-30"' })
    const leap = join(folder, 'leap.yaml')
    writeFileSync(leap, entry('link: https://tracker.example/1, expires: 2028-02-29'))
    expect(loadProfile(leap).expectations[0]).toMatchObject({ expires: '2028-02-29' })
  })

  it('refuses a link that is not an http(s) URL', () => {
    for (const link of ['"javascript:alert(1)"', 'file:///etc/passwd', 'ftp://tracker.example/1', '"https://"']) {
      expect(rejection(entry(`link: ${link}`))).toMatchObject({ line: 6, field: 'knownFailing[0].link', expected: expect.stringContaining('expected the http(s) URL of the issue that tracks it') })
    }
  })

  it('refuses an unknown placeholder of a command template when the profile is loaded', () => {
    expect(rejection(command('my-client --url {url} --deadline {deadline}'))).toMatchObject({ line: 4, column: 10, field: 'command', expected: 'unknown placeholder {deadline}, expected only {url}, {session}, {timeout}, {tryTimeout}, {output}' })
    expect(rejection(`${command('[my-client, "--url={url}", "{sesion}"]')}`)).toMatchObject({ line: 4, column: 37, field: 'command[2]' })
    const good = join(folder, 'good.yaml')
    writeFileSync(good, command('my-client {url} {session} --timeout {timeout} --try {tryTimeout} -o {output}'))
    expect(loadProfile(good).command).toHaveLength(9)
  })

  it('refuses a timeout at or past 2^31 ms', () => {
    expect(rejection(`${stdio}timeoutMs: 2147483648\n`)).toMatchObject({ line: 5, column: 12, field: 'timeoutMs', expected: expect.stringContaining('at most 600000') })
  })
})
