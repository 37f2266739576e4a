import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'

const built = new Map<string, Promise<string>>()
let folder: string | undefined

/**
 * A TypeScript entry point bundled once per process (esbuild) into a plain `.mjs` in a temporary folder, so a client
 * the kit starts for every scenario starts in a fraction of the time `tsx` takes. Returns the bundle's path.
 */
export function bundledScript(entry: string): Promise<string> {
  let path = built.get(entry)
  if (!path) {
    path = build(entry)
    built.set(entry, path)
  }
  return path
}

async function build(entry: string): Promise<string> {
  const { build: esbuild } = await import('esbuild')
  if (!folder) {
    const made = mkdtempSync(join(tmpdir(), 'contract-kit-bundles-'))
    folder = made
    process.once('exit', () => rmSync(made, { recursive: true, force: true }))
  }
  const outfile = join(folder, `${built.size}-${basename(entry).replace(/\.ts$/, '')}.mjs`)
  await esbuild({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    // CommonJS dependencies inside an ES module bundle still call require()
    banner: { js: "import { createRequire as __kitRequire } from 'node:module'; const require = __kitRequire(import.meta.url);" },
  })
  return outfile
}
