import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { bundledScript } from '#harness/adapters/command/bundled-script.ts'
import { parseCommandLine } from '#harness/adapters/parse-command-line.ts'
import { loadShippedSystems, portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { packageRoot } from '#harness/package/package-root.ts'

const { mutants: mutantSystems } = await loadShippedSystems()

const serveStdio = fileURLToPath(new URL('../../fixtures/systems/serve-stdio.ts', import.meta.url))

/**
 * The adapter of a mutant as the rule table names it: a mutant system by name (an agent log over stdio, where the kit
 * can kill it; any other in process), or `stdio:`/`command:` and a command line whose words that name a file under
 * the package root (`fixtures/doctor/banner.mjs`) are made absolute, with `node` for a `.mjs`/`.js` script and
 * `python3` for a `.py` one when the line starts with the file.
 */
export function mutantAdapter(mutant: string, timeoutMs = 30_000): Adapter {
  const factory = mutantSystems[mutant]
  if (factory) {
    if (portOfBundled(mutant) === 'agent-log') {
      return createStdioAdapter({ name: `${mutant}@stdio`, command: async () => [process.execPath, await bundledScript(serveStdio, { packages: 'linked' }), mutant], timeoutMs })
    }
    return createInProcessAdapter({ name: mutant, create: factory, timeoutMs })
  }
  const transport = /^(stdio|command):/.exec(mutant)?.[1]
  if (!transport) throw new Error(`no mutant named ${mutant}: expected a mutant system (${Object.keys(mutantSystems).join(', ')}) or stdio:/command: and a command line`)
  const words = parseCommandLine(mutant.slice(transport.length + 1)).map((word) => (existsSync(resolve(packageRoot, word)) && !word.startsWith('-') ? resolve(packageRoot, word) : word))
  const runner = /\.(mjs|js)$/.test(words[0]!) ? [process.execPath] : /\.py$/.test(words[0]!) ? ['python3'] : []
  const command = [...runner, ...words]
  // a time limit shorter than the handshake's default (10 s) bounds the handshake too: a mutant that never answers times out within it
  const handshake = timeoutMs < 10_000 ? { handshakeTimeoutMs: timeoutMs } : {}
  return transport === 'stdio' ? createStdioAdapter({ name: mutant, command, timeoutMs, ...handshake }) : createCommandAdapter({ name: mutant, template: command })
}
