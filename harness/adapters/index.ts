import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { parseCommandLine } from '#harness/adapters/parse-command-line.ts'
import { bundledSystems } from '#fixtures/systems/index.ts'

/** The suffix that serves a bundled system over the stdio protocol instead of in process (`pager/reference@stdio`). */
export const stdioSuffix = '@stdio'

/** The prefix of an adapter name that runs any implementation over stdio: `stdio:<command line>`. */
export const stdioPrefix = 'stdio:'

const serveStdio = fileURLToPath(new URL('../../fixtures/systems/serve-stdio.ts', import.meta.url))
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** Every bundled adapter name: each bundled system in process, and served over stdio. */
export function bundledAdapterNames(): string[] {
  return Object.keys(bundledSystems).flatMap((name) => [name, name + stdioSuffix])
}

/** The bundled system an adapter name runs (without its transport suffix), or undefined for `stdio:` adapters. */
export function bundledSystemOf(adapterName: string): string | undefined {
  const system = adapterName.endsWith(stdioSuffix) ? adapterName.slice(0, -stdioSuffix.length) : adapterName
  return Object.hasOwn(bundledSystems, system) ? system : undefined
}

/** An unknown adapter name or a bad `stdio:` command line: a one-line message for the user. */
export class UnknownAdapterError extends Error {
  override readonly name = 'UnknownAdapterError'
}

/** Resolves an adapter name to an adapter: a bundled system, a bundled system `@stdio`, or `stdio:<command line>`. */
export function resolveAdapter(name: string, options: { timeoutMs?: number } = {}): Adapter {
  if (name.startsWith(stdioPrefix)) {
    let command: string[]
    try {
      command = parseCommandLine(name.slice(stdioPrefix.length))
    } catch (error) {
      throw new UnknownAdapterError(`--adapter ${JSON.stringify(name)}: ${error instanceof Error ? error.message : String(error)}`)
    }
    return createStdioAdapter({ name, command, timeoutMs: options.timeoutMs })
  }
  const system = bundledSystemOf(name)
  if (system === undefined) {
    throw new UnknownAdapterError(`--adapter ${JSON.stringify(name)}: expected a bundled system (${bundledAdapterNames().join(', ')}) or stdio:<command line>`)
  }
  if (name.endsWith(stdioSuffix)) {
    return createStdioAdapter({ name, command: [process.execPath, '--import', tsxLoader, serveStdio, system], timeoutMs: options.timeoutMs })
  }
  return createInProcessAdapter({ name, create: bundledSystems[system], timeoutMs: options.timeoutMs })
}
