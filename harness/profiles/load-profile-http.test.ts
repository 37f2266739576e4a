import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import { profileFiles } from '#harness/__test-helpers__/profile-files.ts'
import { planAdapterOfProfile } from '#harness/profiles/plan-adapter-of-profile.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'

/** Profiles written into a temporary folder of this file's. */
const { folder, profile } = profileFiles('contract-kit-http-profile-')

/** The ScenarioError loading a profile throws, its message on one line. */
const rejection = (text: string): ScenarioError => {
  const file = profile(text)
  try {
    loadProfile(file)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError)
    expect((error as ScenarioError).message).not.toMatch(/[\r\n]/)
    expect((error as ScenarioError).message.startsWith(`${file}:`)).toBe(true)
    return error as ScenarioError
  }
  throw new Error(`expected ${file} to be rejected`)
}

const http = 'name: svc\nports: [pager, agent-log]\ntransport: http\n'

describe('loadProfile: transport http', () => {
  it('a service already running: a url and no start, planned as http with no command', () => {
    const loaded = loadProfile(profile(`${http}url: http://127.0.0.1:8080/rpc?x=1\ntimeoutMs: 5000\n`))
    expect(loaded).toMatchObject({ transport: 'http', url: 'http://127.0.0.1:8080/rpc?x=1', command: [], ports: ['agent-log', 'pager'] })
    expect(planAdapterOfProfile(loaded).launch).toEqual({ transport: 'http', url: 'http://127.0.0.1:8080/rpc?x=1', command: [], cwd: folder, timeoutMs: 5000 })
  })

  it('a service the kit starts: start as a list or a line, ./ words resolved, url: stdout, its start timeout', () => {
    const listed = loadProfile(profile(`${http}url: stdout\nstart: [node, ./serve.js, --port, '0']\nstartTimeoutMs: 20000\nenv: { A: b }\n`))
    expect(listed).toMatchObject({ url: 'stdout', command: ['node', join(folder, 'serve.js'), '--port', '0'], startTimeoutMs: 20000, env: { A: 'b' } })
    expect(planAdapterOfProfile(listed).launch).toMatchObject({ transport: 'http', url: 'stdout', startTimeoutMs: 20000, cwd: folder })
    expect(loadProfile(profile(`${http}url: http://127.0.0.1:9000/rpc\nstart: node ./serve.js --port 9000\n`)).command).toEqual(['node', join(folder, 'serve.js'), '--port', '9000'])
  })

  it('without url names the field, at the transport', () => {
    const error = rejection(`${http}start: [node, serve.js]\n`)
    expect([error.field, error.line, error.column]).toEqual(['url', 3, 12])
    expect(error.expected).toBe('transport: http needs a url: the URL requests are POSTed to, or stdout (the first line the started service prints)')
  })

  it('a url that is not http(s), or has a fragment, names the url and its position', () => {
    const ftp = rejection(`${http}url: ftp://127.0.0.1/rpc\n`)
    expect([ftp.field, ftp.line, ftp.column]).toEqual(['url', 4, 6])
    expect(ftp.expected).toBe('the kit speaks http:// or https:// only, not ftp://; expected an http:// or https:// URL, or stdout')
    expect(rejection(`${http}url: 127.0.0.1:8080\n`).expected).toContain('"127.0.0.1:8080" is not a URL')
    expect(rejection(`${http}url: http://127.0.0.1/rpc#x\n`).expected).toContain('a URL with a #fragment')
  })

  it('url: stdout needs a start; a command is stdio’s, not http’s; startTimeoutMs needs a start', () => {
    expect(rejection(`${http}url: stdout\n`)).toMatchObject({ field: 'url', line: 4, expected: 'url: stdout needs a start command: the service that prints its URL' })
    expect(rejection(`${http}url: stdout\ncommand: node serve.js\n`)).toMatchObject({ field: 'command', line: 5, expected: expect.stringContaining('transport: http starts its service from start') })
    expect(rejection(`${http}url: http://127.0.0.1:1/rpc\nstartTimeoutMs: 100\n`)).toMatchObject({ field: 'startTimeoutMs', line: 5 })
    expect(rejection(`${http}url: http://127.0.0.1:1/rpc\nenv: { A: b }\n`)).toMatchObject({ field: 'env', line: 5, expected: 'only with start: the variables of a service the kit starts' })
  })

  it('a bad start command names start', () => {
    expect(rejection(`${http}url: stdout\nstart: $HOME/serve\n`)).toMatchObject({ field: 'start', line: 5, expected: expect.stringContaining('uses $HOME') })
    expect(rejection(`${http}url: stdout\nstart: []\n`)).toMatchObject({ field: 'start', line: 5 })
  })

  it('stdio and command profiles need a command and take no url or start', () => {
    expect(rejection('name: a\nports: [pager]\ntransport: stdio\n')).toMatchObject({ field: 'command', line: 3, expected: 'transport: stdio needs a command (what to start)' })
    expect(rejection('name: a\nports: [pager]\ntransport: stdio\ncommand: x\nurl: http://127.0.0.1:1/rpc\n')).toMatchObject({ field: 'url', line: 5, expected: 'only with transport: http; transport: stdio starts its command' })
    expect(rejection('name: a\nports: [session-client]\ntransport: command\ncommand: x {url}\nstart: y\n')).toMatchObject({ field: 'start', line: 5 })
  })

  it('the session-client and snapshotter ports are not reached over http', () => {
    expect(rejection('name: a\nports: [session-client]\ntransport: http\nurl: http://127.0.0.1:1/rpc\n')).toMatchObject({
      field: 'ports[0]',
      expected: 'session-client is reached over transport: command; transport http offers agent-log, pager, tool-output',
    })
  })
})
