import { fileURLToPath } from 'node:url'

/** Test helper: the argv that runs a hostile stdio implementation (hostile-stdio.mjs) or client CLI (hostile-client.mjs) in a mode. */
export function hostileProgram(kind: 'stdio' | 'client', ...args: string[]): string[] {
  return [process.execPath, fileURLToPath(new URL(`./hostile-${kind}.mjs`, import.meta.url)), ...args]
}
