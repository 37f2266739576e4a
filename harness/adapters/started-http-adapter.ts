import type { Adapter, Connection, OpenOptions } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { HttpJsonRpc } from '#harness/adapters/http/http-json-rpc.ts'
import { ServiceProcess } from '#harness/adapters/http/service-process.ts'
import { serviceUrl, urlFromStdout } from '#harness/adapters/http/service-url.ts'
import { handshake, jsonRpcConnection, type Declared, type JsonRpcPeer } from '#harness/adapters/json-rpc-connection.ts'
import { processObservations } from '#harness/adapters/observation.ts'
import { excerpt } from '#harness/adapters/stdio/excerpt.ts'
import type { JsonRpcOutcome } from '#harness/adapters/stdio/json-rpc-process.ts'
import { settlesWithin } from '#harness/adapters/stdio/settles-within.ts'


/** How to start a service that speaks the protocol over HTTP, and where it answers (docs/http-protocol.md). */
export interface StartedHttpAdapterOptions {
  /** The name reports use (a profile's name). */
  name: string
  /** The program and its arguments, or a function making them once, on the first open; no shell is involved. */
  command: string[] | (() => Promise<string[]>)
  /** The command reports show, when `command` is made at run time (e.g. a bundle in a temporary folder): one a person can run. */
  shownCommand?: string[]
  /** The URL every request is POSTed to, or `stdout`: the first line the service prints. */
  url: string
  /** How long each call may wait for its answer (default 10 000 ms). */
  timeoutMs?: number
  /** How long starting the service until it answers `initialize` may take (default 10 000 ms). */
  startTimeoutMs?: number
  /** How long `close()` waits after SIGTERM before SIGKILL (default 2 000 ms). */
  closeGraceMs?: number
  /** The working folder (default: the kit's). */
  cwd?: string
  /** Variables added to the kit's environment. */
  env?: Record<string, string>
}

/**
 * An adapter that starts the service itself for each connection, in the working folder and with the variables `open`
 * gives (an agent log's sandbox), waits until it answers `initialize` (retried while the connection is refused, until
 * the start timeout), and owns it as a stdio process: its stderr is kept, its pid known, it can be killed and started
 * again on the same store, and closing the connection ends its whole process tree.
 */
export function createStartedHttpAdapter(options: StartedHttpAdapterOptions): Adapter {
  let command: string[] | undefined
  return {
    name: options.name,
    async open(openOptions: OpenOptions = {}): Promise<Connection> {
      command ??= typeof options.command === 'function' ? await options.command() : options.command
      const service = await ServiceProcess.start({
        command,
        cwd: openOptions.cwd ?? options.cwd,
        env: options.env === undefined && openOptions.env === undefined ? undefined : { ...process.env, ...options.env, ...openOptions.env },
        closeGraceMs: options.closeGraceMs,
      })
      try {
        const { rpc, declared } = await untilReady(service, options)
        const peer = servicePeer(rpc, service)
        const shown = options.shownCommand ?? command
        return jsonRpcConnection(peer, declared, { name: declared.name, transport: 'http', ports: declared.ports, pid: service.pid, command: [...shown], url: rpc.url }, processObservations)
      } catch (error) {
        await service.close()
        if (error instanceof AdapterError && error.stderr === '') throw new AdapterError(error.failure, error.message, service.stderr())
        throw error
      }
    },
  }
}

/** The service's URL, then `initialize` until it answers: retried while the connection is refused, until the start timeout; an exit first is an error. */
async function untilReady(service: ServiceProcess, options: StartedHttpAdapterOptions): Promise<{ rpc: HttpJsonRpc; declared: Declared }> {
  const startMs = options.startTimeoutMs ?? 10_000
  const deadline = Date.now() + startMs
  const who = `the service started as ${JSON.stringify(options.shownCommand ?? service.command)}`
  const exitedEarly = (what: string) => new AdapterError('crashed', `${who} ${service.exitStatus} before ${what}\n${service.stderrNote()}`, service.stderr())
  const late = (what: string) =>
    new AdapterError('timeout', `${who} was not ready within ${startMs} ms: ${what}; the kit stopped it\n${service.stderrNote()}`, service.stderr())
  const url = await urlOf(service, options.url, deadline, who, exitedEarly, late)
  let delayMs = 20
  for (;;) {
    const rpc = new HttpJsonRpc({ url, timeoutMs: options.timeoutMs ?? 10_000 })
    const left = deadline - Date.now()
    try {
      const declared = await handshake(rpc, Math.max(left, 1))
      return { rpc, declared }
    } catch (error) {
      await rpc.close()
      if (service.exitStatus !== null) throw exitedEarly(`it answered \`initialize\` at ${url}`)
      const refused = error instanceof AdapterError && error.failure === 'crashed' && error.message.includes('ECONNREFUSED')
      if (!refused) throw error
      if (Date.now() + delayMs >= deadline) throw late(`${url} still refused connections`)
    }
    if (await settlesWithin(service.exited, delayMs)) throw exitedEarly(`it answered \`initialize\` at ${url}`)
    delayMs = Math.min(delayMs * 2, 250)
  }
}

/** The fixed URL, or the service's first stdout line when `url` is `stdout` (checked as a URL), within the deadline. */
async function urlOf(
  service: ServiceProcess,
  url: string,
  deadline: number,
  who: string,
  exitedEarly: (what: string) => AdapterError,
  late: (what: string) => AdapterError,
): Promise<string> {
  if (url !== urlFromStdout) return url
  const printed = service.stdoutFirstLine()
  const line = await Promise.race([printed, settlesWithin(service.exited, Math.max(deadline - Date.now(), 1)).then(() => undefined)])
  if (line === undefined || line === null) {
    // the line may have come with the exit: take it if it did
    const after = await Promise.race([printed, Promise.resolve(undefined)])
    if (typeof after === 'string') return checkedUrl(after, who, service)
    // stdout closes as it exits: give the exit a moment to be seen, so the message says how it ended
    if (line === null) await settlesWithin(service.exited, Math.min(1_000, Math.max(deadline - Date.now(), 1)))
    if (service.exitStatus !== null) throw exitedEarly('it printed its URL on stdout')
    if (line === null) throw new AdapterError('protocol', `${who} closed its stdout before printing its URL on it (url: stdout)\n${service.stderrNote()}`, service.stderr())
    throw late('it printed no URL on its stdout')
  }
  return checkedUrl(line, who, service)
}

function checkedUrl(line: string, who: string, service: ServiceProcess): string {
  const parsed = serviceUrl(line.trim())
  if (parsed.ok) return parsed.url
  throw new AdapterError('protocol', `${who} printed ${excerpt(line)} as its first stdout line, where the profile (url: stdout) expects its URL: ${parsed.problem}`, service.stderr())
}

/** The JSON-RPC peer of a started service: HTTP calls, its stderr, and closing ends the service; a call failing once it has exited says how it ended. */
function servicePeer(rpc: HttpJsonRpc, service: ServiceProcess): JsonRpcPeer {
  return {
    async call(method: string, params?: unknown, timeoutMs?: number): Promise<JsonRpcOutcome> {
      try {
        return await rpc.call(method, params, timeoutMs)
      } catch (error) {
        if (!(error instanceof AdapterError)) throw error
        // a refused or reset connection: the service may be exiting, and its exit is the news (bounded wait, on its event)
        if (error.failure === 'crashed' && service.exitStatus === null) await settlesWithin(service.exited, 500)
        if (service.exitStatus === null) throw error
        throw new AdapterError(error.failure, `${error.message}; the service ${service.exitStatus}\n${service.stderrNote()}`, service.stderr())
      }
    },
    stderr: () => service.stderr(),
    beginScenario: () => rpc.beginScenario(),
    async close() {
      await rpc.close()
      await service.close()
    },
  }
}
