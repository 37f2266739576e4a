import type { Adapter, Connection, PortMap, PortName } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { SessionClientPort, SessionClientRequest } from '#harness/ports/session-client-port.ts'
import { runCommandLine, type CommandOutcome } from '#harness/adapters/command/run-command-line.ts'

/** The placeholders a command template may use, and where each value comes from. */
export const commandPlaceholders = ['url', 'session', 'timeout', 'tryTimeout', 'output'] as const

/** How to start a client CLI for the session-client port. */
export interface CommandAdapterOptions {
  /** The name reports use, e.g. `command:my-client watch --url {url} …`. */
  name: string
  /** The argv template (no shell): `{url}`, `{session}`, `{timeout}`, `{tryTimeout}`, `{output}` are filled in per run; or a function making it once, on the first run. */
  template: string[] | (() => Promise<string[]>)
  /** How long past the client's own deadline the kit waits before killing it (default 5 000 ms). */
  graceMs?: number
  cwd?: string
}

/** Fills a template's placeholders; an unknown placeholder is an error. */
export function fillTemplate(template: readonly string[], request: SessionClientRequest): string[] {
  const values: Record<(typeof commandPlaceholders)[number], string> = {
    url: request.baseUrl,
    session: request.sessionId,
    timeout: String(request.timeoutMs),
    tryTimeout: String(request.tryTimeoutMs),
    output: request.output,
  }
  return template.map((word) =>
    word.replace(/\{(\w+)\}/g, (whole, key: string) => {
      if (!Object.hasOwn(values, key)) throw new AdapterError('spawn', `the command template has an unknown placeholder ${whole} (known: ${commandPlaceholders.map((p) => `{${p}}`).join(', ')})`)
      return values[key as keyof typeof values]
    }),
  )
}

/** Why a run whose client exited is still an adapter error: a process it started kept its stdout open, or kept running. */
function leftRunning(program: string, outcome: CommandOutcome): string {
  const held = outcome.stdoutHeld ? 'a process it started still held its stdout open 1000 ms later, so its output may be incomplete; ' : ''
  const left = outcome.leftBehind === '' ? '' : `it left ${outcome.leftBehind} running; `
  return `${program} exited with code ${outcome.exitCode}, but ${held}${left}the kit stopped every process it started. A client ends everything it starts before it exits`
}

/**
 * An adapter that runs a client CLI once per scenario, started from a template with the server URL, session id and
 * deadlines filled in; its stdout, stderr and exit code are the result. A client still running `graceMs` after its
 * own deadline is killed (with every process it started) and the run is an adapter timeout; one that writes past an
 * output limit (docs/session-client-port.md#limits-and-processes-command-adapter), or leaves a process running when it exits, is an adapter error.
 */
export function createCommandAdapter(options: CommandAdapterOptions): Adapter {
  const ports: PortName[] = ['session-client']
  let lastStderr = ''
  let lastPid: number | undefined
  let template: Promise<string[]> | undefined
  const templateOnce = () => (template ??= Array.isArray(options.template) ? Promise.resolve(options.template) : options.template())
  const client: SessionClientPort = {
    async run(request) {
      const argv = fillTemplate(await templateOnce(), request)
      const outcome = await runCommandLine(argv, { killAfterMs: request.timeoutMs + (options.graceMs ?? 5_000), cwd: options.cwd })
      lastStderr = outcome.stderr
      lastPid = outcome.pid
      if (outcome.overLimit !== null) throw new AdapterError('protocol', `${argv[0]} wrote too much: ${outcome.overLimit}; the kit stopped reading and killed it, with every process it started`, outcome.stderr)
      if (outcome.killed) throw new AdapterError('timeout', `${argv[0]} still ran ${options.graceMs ?? 5_000} ms after its ${request.timeoutMs} ms deadline; killed, with every process it started`, outcome.stderr)
      if (outcome.stdoutHeld || outcome.leftBehind !== '') throw new AdapterError('protocol', leftRunning(argv[0], outcome), outcome.stderr)
      return { exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr }
    },
  }
  return {
    name: options.name,
    async open(): Promise<Connection> {
      return {
        get system() {
          const command = Array.isArray(options.template) ? [...options.template] : undefined
          return { name: options.name, transport: 'command' as const, ports, ...(command ? { command } : {}), ...(lastPid ? { pid: lastPid } : {}) }
        },
        port<P extends PortName>(name: P): PortMap[P] {
          if (name !== 'session-client') throw new AdapterError('handshake', `${options.name} is a command: it offers only the session-client port`)
          return client as PortMap[P]
        },
        observes: ['stderr', 'pid'], // a process per run, in the working folder it was given, never restarted by the kit
        stderr: () => lastStderr,
        async close() {},
      }
    },
  }
}
