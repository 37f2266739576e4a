import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, onTestFinished, test } from 'vitest'
import { packageRoot, runKit, userEnv } from '#harness/__test-helpers__/run-kit.ts'
import { connectH2 } from '#harness/__test-helpers__/session-server/h2-test-client.ts'
import { readWatchBody } from '#harness/__test-helpers__/session-server/watch-body.ts'

/** Starts `contract-kit serve …` as a user would; resolves once it printed its URL, with its output so far and a way to stop it. */
async function serve(args: string[]) {
  const child = spawn(process.execPath, [join(packageRoot, 'bin', 'contract-kit.js'), 'serve', ...args], { cwd: packageRoot, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  const waiting: Array<{ pattern: RegExp; resolve: () => void }> = []
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    for (const w of waiting.splice(0)) if (w.pattern.test(stdout)) w.resolve()
    else waiting.push(w)
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  onTestFinished(() => void child.kill('SIGKILL'))
  const until = (pattern: RegExp) => (pattern.test(stdout) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ pattern, resolve })))
  await Promise.race([until(/Ctrl-C stops\.$/m), exited.then(() => expect.fail(`serve exited early:\n${stdout}\n${stderr}`))])
  return {
    url: /^url: +(\S+)$/m.exec(stdout)![1],
    until,
    output: () => stdout,
    stop: async () => {
      child.kill('SIGINT')
      return { code: await exited, stdout, stderr }
    },
  }
}

describe('contract-kit serve session-client --scenario ID', () => {
  test('serves the scenario alone on 127.0.0.1, prints its URL, session and faults, then every event with the frames each fault sent, until SIGINT (exit 0)', { timeout: 60_000 }, async () => {
    const server = await serve(['session-client', '--scenario', 'session-client/goaway-two-step'])
    expect(server.output()).toMatch(/^session: session-1 \(5 frames, c-0001 … c-0005;/m)
    expect(server.output()).toMatch(/^faults: +watch 1 at frame 1: goaway-notice; watch 1 at frame 3: goaway NO_ERROR$/m)
    expect(server.output()).toMatch(/nghttp -v -d - -H 'content-type: application\/connect\+json' http:\/\/127\.0\.0\.1:\d+\/contractkit\.session\.v1\.SessionService\/WatchSession/)

    const client = connectH2(server.url)
    onTestFinished(() => client.close())
    const seen = await client.watch({ sessionId: 'session-1' })
    expect(readWatchBody(seen.body).cursors).toEqual(['c-0001', 'c-0002', 'c-0003'])
    await server.until(/ended by goaway/)
    const { code, stdout, stderr } = await server.stop()
    expect([code, stderr]).toEqual([0, ''])
    const events = stdout.split('\n').filter((line) => /^\[ *\d+\.\d{3}\] /.test(line)).map((line) => line.replace(/^\[ *\d+\.\d{3}\] /, ''))
    expect(events).toEqual([
      'connection 1 (h2)',
      'watch 1: WatchSession on connection 1, stream 1, from the start',
      'watch 1: frame c-0001 sent whole',
      'watch 1: fault goaway-notice before frame 1 of the call: PING (its ACK came back), then GOAWAY last_stream_id=2147483647 error_code=NO_ERROR',
      'watch 1: frame c-0002 sent whole',
      'watch 1: frame c-0003 sent whole',
      'watch 1: fault goaway NO_ERROR before frame 3 of the call: PING (its ACK came back), then GOAWAY last_stream_id=1 error_code=NO_ERROR, then RST_STREAM stream_id=1 error_code=CANCEL',
      'watch 1: ended by goaway',
      'stopped',
    ])
  })

  test('--port N listens on that port', { timeout: 60_000 }, async () => {
    const probe = await serve(['session-client', '--scenario', 'session-client/goaway-refused-stream'])
    const port = Number(new URL(probe.url).port)
    await probe.stop()
    const server = await serve(['session-client', '--scenario', 'session-client/goaway-refused-stream', '--port', String(port)])
    expect(server.url).toBe(`http://127.0.0.1:${port}`)
    expect((await server.stop()).code).toBe(0)
  })

  test.for([
    [['session-client'], /^contract-kit: serve: expected --scenario ID/],
    [['pager', '--scenario', 'session-client/goaway-two-step'], /^contract-kit: serve: expected the port to serve, session-client \(got "pager"\)/],
    [['session-client', '--scenario', 'session-client/nope'], /^contract-kit: serve: no scenario "session-client\/nope"/],
    [['session-client', '--scenario', 'regressions/analysis-result-budget/default-read'], /^contract-kit: serve: regressions\/analysis-result-budget\/default-read is a pager scenario/],
    [['session-client', '--scenario', 'session-client/goaway-two-step', '--port', 'eighty'], /^contract-kit: serve: --port: expected a TCP port from 0 to 65535, got "eighty"/],
    [['session-client', '--scenario', 'session-client/goaway-two-step', '--bogus'], /^contract-kit: .*--bogus/],
  ] as const)('bad usage %j: exit 2, one line', { timeout: 60_000 }, async ([args, message]) => {
    const { code, stdout, stderr } = await runKit(['serve', ...args])
    expect({ code, stdout, lines: stderr.trimEnd().split('\n').length }).toEqual({ code: 2, stdout: '', lines: 1 })
    expect(stderr).toMatch(message)
  })
})
