import { existsSync } from 'node:fs'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { compiledStdioCommand } from '#harness/__test-helpers__/run-kit.ts'

/**
 * Test helper: a shipped system (a silent one, a mutant) served over stdio by the compiled kit, as the CLI serves it —
 * `node dist/fixtures/systems/serve-stdio.js <system>`. The kit's test run brings dist/ up to date before any test
 * starts (harness/__test-helpers__/test-run-folder.ts), so it runs the sources under test. It starts in about half the
 * CPU of the esbuild bundle of the sources (0.2 s against 0.45 s here): a bundle holds every port's systems, so it
 * loads every port's packages (the session client's connect-node and protobuf among them) at each start, where the
 * compiled server imports only the named system's port. A test that starts a process per scenario, kill and restart
 * (an agent log) starts dozens.
 */
export function compiledStdioAdapter(system: string, timeoutMs = 30_000): Adapter {
  const command = async () => {
    const words = compiledStdioCommand(system)
    if (!existsSync(words[1]!)) throw new Error(`${words[1]} is missing: npm run build (the kit's test run builds it before its tests)`)
    return words
  }
  return createStdioAdapter({ name: `${system}@stdio`, command, timeoutMs })
}
