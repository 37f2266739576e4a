import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { kitModule, runsFromSource } from '#harness/package/package-root.ts'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { createHttpAdapter } from '#harness/adapters/http-adapter.ts'
import { createStartedHttpAdapter } from '#harness/adapters/started-http-adapter.ts'
import { serviceUrl, urlFromStdout } from '#harness/adapters/http/service-url.ts'
import { bundledScript } from '#harness/adapters/command/bundled-script.ts'
import { parseCommandLine } from '#harness/adapters/parse-command-line.ts'
import { withAbsolutePaths } from '#harness/adapters/absolute-paths.ts'
import { allShippedSystemsLoaded, mayNameShippedSystem, portOfBundled, shippedSystems, shippedSystemsLoadedFor } from '#harness/adapters/shipped-systems.ts'
import type { SystemFactory } from '#harness/ports/in-process-system.ts'
import type { PlanAdapter } from '#harness/runner/run-plan.ts'
import { UnknownAdapterError } from '#harness/adapters/unknown-adapter-error.ts'

/** The suffix that serves a bundled system over the stdio protocol instead of in process (`pager/reference@stdio`). */
export const stdioSuffix = '@stdio'

/** The suffix that serves a bundled server-side system over HTTP, as a service the kit starts (`pager/reference@http`); not in the main job's plan. */
export const httpSuffix = '@http'

/** The prefix of an adapter name that runs any implementation over stdio: `stdio:<command line>`. */
export const stdioPrefix = 'stdio:'

/** The prefix of an adapter name that checks a service already running, over HTTP: `http:<url>` (`http:http://127.0.0.1:8080/rpc`). */
export const httpPrefix = 'http:'

const serveStdio = kitModule('fixtures/systems/serve-stdio')
const serveHttp = kitModule('fixtures/systems/serve-http')
const sessionClientCli = kitModule('fixtures/systems/session-client/cli')

/** The suffix that runs a bundled client as a command-line program instead of in process (`session-client/reference@command`). */
export const commandSuffix = '@command'

/** The prefix of an adapter name that runs any client CLI from a template: `command:<template>`. */
export const commandPrefix = 'command:'

/** The second transport of a bundled system: a pager or a tool over stdio, a session client as a command; snapshotters run in process only. */
function suffixOf(system: string): string | undefined {
  if (system.startsWith('session-client/')) return commandSuffix
  return ['pager/', 'tool-output/', 'agent-log/'].some((port) => system.startsWith(port)) ? stdioSuffix : undefined
}

/** Every system the kit ships, by name: the bundled ones (the main job runs them), the mutants and the silent systems (named on purpose only). */
function shippedByName(): Record<string, SystemFactory> {
  const { bundled, mutants, silent } = shippedSystems()
  return { ...bundled, ...mutants, ...silent }
}

/** Every bundled adapter name (after loadShippedSystems): each bundled system in process, and over its second transport (stdio, or a command for clients); an agent log only over stdio, where the kit can kill it. */
export function bundledAdapterNames(): string[] {
  if (!allShippedSystemsLoaded()) throw new Error('contract-kit: every bundled adapter name was asked for before loadShippedSystems() loaded every port')
  return loadedAdapterNames()
}

/** The bundled system the main job also runs as a service over HTTP (`@http`, a service the kit starts): one, since every server-side port shares the transport. */
export const mainJobHttpSystem = 'pager/reference'

/** The bundled adapter names of the ports loaded so far. */
function loadedAdapterNames(): string[] {
  return Object.keys(shippedSystems().bundled).flatMap((name) => [
    ...(name.startsWith('agent-log/') ? [] : [name]),
    ...(suffixOf(name) ? [name + suffixOf(name)] : []),
    ...(name === mainJobHttpSystem ? [name + httpSuffix] : []),
  ])
}

/** The shipped system an adapter name runs (bundled, a mutant or a silent one; without its transport suffix), or undefined for `stdio:`, `http:` and `command:` adapters. */
export function bundledSystemOf(adapterName: string): string | undefined {
  if (!mayNameShippedSystem(adapterName)) return undefined
  if (!shippedSystemsLoadedFor(adapterName)) {
    if (allShippedSystemsLoaded()) return undefined // the name names no port
    throw new Error(`contract-kit: ${adapterName} was resolved before loadShippedSystems() loaded the ${portOfBundled(adapterName)} port`)
  }
  const shipped = shippedByName()
  const system = adapterName.replace(/@(stdio|command|http)$/, '')
  const overHttp = adapterName === system + httpSuffix && suffixOf(system) === stdioSuffix // a server-side system: over HTTP too
  return Object.hasOwn(shipped, system) && (system === adapterName || adapterName === system + (suffixOf(system) ?? '@none') || overHttp) ? system : undefined
}

/** The argv that serves a bundled system over the stdio protocol: its compiled module, or from source its TypeScript through tsx (what `<system>@stdio` runs, bundled). */
export function bundledStdioCommand(system: string): string[] {
  if (!runsFromSource) return [process.execPath, serveStdio, system]
  return [process.execPath, '--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, serveStdio, system]
}

/** The argv that serves a bundled system over HTTP on a free port, printing its URL first (what `<system>@http` runs, bundled): its compiled module, or from source through tsx. */
export function bundledHttpCommand(system: string): string[] {
  const args = [serveHttp, system, '--port', '0', '--until-stdin-ends']
  if (!runsFromSource) return [process.execPath, ...args]
  return [process.execPath, '--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, ...args]
}

/** A bundled entry point as a runnable script: its compiled module as is, or from source bundled once per process. */
function runnable(entry: string, options: { packages?: 'linked' } = {}): Promise<string> {
  return runsFromSource ? bundledScript(entry, options) : Promise.resolve(entry)
}

export { UnknownAdapterError } from '#harness/adapters/unknown-adapter-error.ts'

/**
 * The command template of a bundled client run as a command (`session-client/<variant>@command`): its CLI with every
 * placeholder. The CLI is bundled into one file once per process, compiled or not: a client started for every scenario
 * then starts in about half the time (no module graph to resolve), leaving its deadline for its work.
 */
export async function bundledClientTemplate(system: string): Promise<string[]> {
  const variant = system.slice('session-client/'.length)
  return [process.execPath, await bundledScript(sessionClientCli), variant, '--url', '{url}', '--session', '{session}', '--timeout', '{timeout}', '--try-timeout', '{tryTimeout}', '-o', '{output}']
}

/** Resolves an adapter name: a bundled system (in process, `@stdio` or `@command`), `stdio:<command line>`, `http:<url>`, or `command:<template>`. */
export function resolveAdapter(name: string, options: { timeoutMs?: number } = {}): Adapter {
  if (name.startsWith(stdioPrefix)) return createStdioAdapter({ name, command: commandLineAfter(stdioPrefix, name), timeoutMs: options.timeoutMs })
  if (name.startsWith(httpPrefix)) return createHttpAdapter({ name, url: urlAfterPrefix(name), timeoutMs: options.timeoutMs })
  if (name.startsWith(commandPrefix)) return createCommandAdapter({ name, template: commandLineAfter(commandPrefix, name) })
  const system = bundledSystemOf(name)
  if (system === undefined) {
    throw new UnknownAdapterError(
      `--adapter ${JSON.stringify(name)}: expected a bundled system (${loadedAdapterNames().join(', ')}; a pager, tool output or agent log also as <system>@http), a mutant or silent system (contract-kit list --systems), stdio:<command line>, http:<url> or command:<template>`,
    )
  }
  if (name.endsWith(commandSuffix)) return createCommandAdapter({ name, template: () => bundledClientTemplate(system) })
  if (name.endsWith(httpSuffix)) {
    // started for each connection, as a service the kit owns (its URL its first stdout line); bundled once per process, as @stdio
    const command = async () => [process.execPath, await runnable(serveHttp, { packages: 'linked' }), system, '--port', '0', '--until-stdin-ends']
    return createStartedHttpAdapter({ name, command, shownCommand: bundledHttpCommand(system), url: urlFromStdout, timeoutMs: options.timeoutMs })
  }
  if (name.endsWith(stdioSuffix)) {
    // bundled once per process: an agent log is started again for every kill and restart, and tsx takes a second each time
    return createStdioAdapter({ name, command: async () => [process.execPath, await runnable(serveStdio, { packages: 'linked' }), system], shownCommand: bundledStdioCommand(system), timeoutMs: options.timeoutMs })
  }
  return createInProcessAdapter({ name, create: shippedByName()[system], timeoutMs: options.timeoutMs })
}

/**
 * The argv written after an adapter name's prefix (`stdio:`, `command:`), its words naming files made absolute (the
 * kit may start it in a sandbox folder); a bad command line is an UnknownAdapterError.
 */
function commandLineAfter(prefix: string, name: string): string[] {
  try {
    return withAbsolutePaths(parseCommandLine(name.slice(prefix.length)))
  } catch (error) {
    throw new UnknownAdapterError(`--adapter ${JSON.stringify(name)}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The URL after `http:` in an adapter name; one that is not an http:// or https:// URL is an UnknownAdapterError. */
function urlAfterPrefix(name: string): string {
  const parsed = serviceUrl(name.slice(httpPrefix.length))
  if (parsed.ok) return parsed.url
  throw new UnknownAdapterError(`--adapter ${JSON.stringify(name)}: ${parsed.problem}; expected http:<url> of a running service, e.g. http:http://127.0.0.1:8080/rpc`)
}

/** The adapter of a plan entry: a profile's implementation started from its launch, or else the entry's name resolved. */
export function resolvePlanAdapter(entry: PlanAdapter, options: { timeoutMs?: number } = {}): Adapter {
  const launch = entry.launch
  if (launch === undefined) return resolveAdapter(entry.name, options)
  if (launch.transport === 'command') return createCommandAdapter({ name: entry.name, template: launch.command, cwd: launch.cwd })
  const timeoutMs = options.timeoutMs ?? launch.timeoutMs
  if (launch.transport === 'http') {
    if (launch.url === undefined) throw new UnknownAdapterError(`${entry.name}: transport http needs a url`)
    if (launch.command.length === 0) return createHttpAdapter({ name: entry.name, url: launch.url, timeoutMs })
    return createStartedHttpAdapter({ name: entry.name, command: launch.command, url: launch.url, cwd: launch.cwd, env: launch.env, timeoutMs, startTimeoutMs: launch.startTimeoutMs })
  }
  return createStdioAdapter({ name: entry.name, command: launch.command, cwd: launch.cwd, env: launch.env, timeoutMs })
}
