import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'

import { readFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { builtinModules } from 'node:module'
import type { Plugin } from 'esbuild'

/** The environment variable naming a folder the bundles go into, shared by every process of a test run. */
export const bundleDirVariable = 'CONTRACT_KIT_BUNDLE_DIR'

const built = new Map<string, Promise<string>>()
let folder: string | undefined

/**
 * A TypeScript entry point bundled once per process (esbuild) into a folder of plain `.mjs` files — the entry, and a
 * chunk for each module it imports only when needed — in a temporary folder, so a client
 * or an implementation the kit starts for every scenario starts in a fraction of the time `tsx` takes. With
 * `packages: 'linked'` its npm packages are not bundled but imported from where the kit resolves them (native ones,
 * such as better-sqlite3, only work that way). Returns the bundle's path.
 */
export function bundledScript(entry: string, options: { packages?: 'bundled' | 'linked' } = {}): Promise<string> {
  const key = `${options.packages ?? 'bundled'}:${entry}`
  let path = built.get(key)
  if (!path) {
    path = build(entry, options.packages === 'linked')
    built.set(key, path)
  }
  return path
}

/**
 * Leaves every npm package out of the bundle, imported by the absolute path the kit itself resolves it to, and keeps
 * each module's own `import.meta.url` (its source file's), so files and packages it finds from there are found as in
 * source — except the entry's, which stays the bundle's own, so its "am I the main module" check still holds.
 */
const linkPackages = (entry: string): Plugin => ({
  name: 'link-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) return { path: args.path, external: true }
      return { path: fileURLToPath(import.meta.resolve(args.path)), external: true }
    })
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      return { contents: args.path === entry ? source : source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' }
    })
  },
})

async function build(entry: string, linked: boolean): Promise<string> {
  const { build: esbuild } = await import('esbuild')
  if (!folder) {
    // the kit's own test run makes one folder for every process and removes it at its end (a worker vitest stops
    // never sees its own exit); otherwise this process makes its own and removes it when it exits
    const shared = process.env[bundleDirVariable]
    if (shared) folder = shared
    else {
      const made = mkdtempSync(join(tmpdir(), 'contract-kit-bundles-'))
      folder = made
      process.once('exit', () => rmSync(made, { recursive: true, force: true }))
    }
  }
  // a folder of its own: the entry, and a chunk for each module it imports only when it needs it (a port's systems),
  // so a process loads only what it uses and its packages, not every one the entry might reach
  const name = basename(entry).replace(/\.ts$/, '')
  const outdir = join(folder, `${process.pid}-${built.size}-${name}`)
  await esbuild({
    entryPoints: { [name]: entry },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
    ...(linked ? { plugins: [linkPackages(entry)] } : {}),
    // CommonJS dependencies inside an ES module bundle still call require()
    banner: { js: "import { createRequire as __kitRequire } from 'node:module'; const require = __kitRequire(import.meta.url);" },
  })
  return join(outdir, `${name}.mjs`)
}
