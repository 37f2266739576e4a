import { parseFlags } from '#harness/cli/select-run.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { buildSession } from '#harness/drivers/session-client/build-session.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import { describeServerEvent } from '#harness/servers/session-server/describe-server-event.ts'
import { pokeCommands } from '#harness/servers/session-server/poke-commands.ts'
import { resolve } from 'node:path'

/**
 * `contract-kit serve session-client --scenario ID [--port N] [--scenario-dir DIR]`: starts the kit's session server
 * alone on 127.0.0.1 with one scenario's session and faults, prints its URL, the session id, command lines to poke it
 * with, then every connection, call, frame and fault (with the frames it put on the wire) as it happens, until SIGINT
 * or SIGTERM; exit 0 then, 2 for bad usage.
 */
export async function serveCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags({
    args,
    options: { scenario: { type: 'string' }, port: { type: 'string' }, 'scenario-dir': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  if (positionals.length !== 1 || positionals[0] !== 'session-client') throw new UsageError(`serve: expected the port to serve, session-client (got ${positionals.length ? positionals.map((p) => JSON.stringify(p)).join(' ') : 'none'})`)
  if (!values.scenario) throw new UsageError('serve: expected --scenario ID, a session-client case id (contract-kit list --scenario "**" lists them)')
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!/^\d+$/.test(values.port ?? '0') || port > 65_535) throw new UsageError(`serve: --port: expected a TCP port from 0 to 65535, got ${JSON.stringify(values.port)}`)
  const all = await loadScenarios(values['scenario-dir'] === undefined ? scenarioRoot : resolve(values['scenario-dir']))
  const loaded = all.find((s) => s.id === values.scenario)
  const served = all.filter((s) => s.scenario.port === 'session-client').map((s) => s.id)
  if (!loaded) throw new UsageError(`serve: no scenario ${JSON.stringify(values.scenario)} (session-client cases: ${served.slice(0, 4).join(', ')}, …)`)
  if (loaded.scenario.port !== 'session-client') throw new UsageError(`serve: ${loaded.id} is a ${loaded.scenario.port} scenario; serve runs session-client ones (${served[0]}, …)`)

  const given = loaded.scenario.given as unknown as SessionGiven
  const { script, oracle } = buildSession(given)
  const started = Date.now()
  const stamp = () => `[${((Date.now() - started) / 1000).toFixed(3).padStart(7)}]`
  let server
  try {
    server = await startSessionServer(script, (event) => console.log(`${stamp()} ${describeServerEvent(event)}`), { port })
  } catch (error) {
    throw new UsageError(`serve: cannot listen on 127.0.0.1:${port} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
  }
  // Listening for Ctrl-C before saying so: stdout to a pipe is written at once, so a caller may signal right away.
  const stopped = new Promise<void>((done) => {
    process.once('SIGINT', done)
    process.once('SIGTERM', done)
  })
  const faults = given.faults.map((f) => `watch ${f.watch} ${'atFrame' in f ? `at frame ${f.atFrame}` : `at byte ${f.atByte}`}: ${[f.kind, 'code' in f ? f.code : '', 'then' in f ? `then ${f.then}` : '', 'ms' in f ? `${f.ms} ms` : ''].filter(Boolean).join(' ')}`)
  console.log(`contract-kit serve: ${loaded.id} — ${loaded.scenario.title}`)
  console.log(`url:     ${server.url}`)
  console.log(`session: ${script.sessionId} (${script.frames.length} frames, ${oracle.cursors[0]} … ${oracle.cursors.at(-1)}; reads answer ${script.reads.join(', ')}, the last repeating)`)
  console.log(`faults:  ${faults.length ? faults.join('; ') : 'none'}`)
  console.log('try:')
  for (const line of pokeCommands(server.url, script.sessionId, oracle.replyId)) console.log(`  ${line}`)
  console.log('Every event follows as it happens (watch and read calls are numbered across connections); Ctrl-C stops.')
  await stopped
  await server.close()
  console.log(`${stamp()} stopped`)
  return 0
}
