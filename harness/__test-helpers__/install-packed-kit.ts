import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { packageRoot } from '#harness/package/package-root.ts'

const run = promisify(execFile)

/** A user's project with the packed kit installed in it. */
export interface InstalledKit {
  /** The temporary folder everything is in (the caller removes it). */
  temp: string
  /** The user's project: a package.json and node_modules/, nothing else. */
  project: string
  /** Where the kit was installed: `<project>/node_modules/contract-kit`. */
  kit: string
  /** The tarball `npm pack` wrote. */
  tarball: string
}

/**
 * Packs the kit as `npm pack` would publish it — the files its package.json names, dist/ as the test run's global setup
 * compiled it from the sources being tested (copied: compiling it again took 25 s of CPU), but without its index of
 * the bundled scenarios, so the installed kit validates each one it reads as a kit compiled elsewhere does — and
 * installs the tarball into an empty project, offline: unpacked where npm puts it (`node_modules/contract-kit`, its bin
 * linked in `node_modules/.bin`), with its dependencies and vitest linked from the kit's own already-installed
 * node_modules (the kit's development tools left out, so a runtime import of one fails here). Writes only inside a new
 * temporary folder.
 */
export async function installPackedKit(): Promise<InstalledKit> {
  const temp = mkdtempSync(join(tmpdir(), 'contract-kit-pack-'))
  const stage = join(temp, 'stage')
  const listed = JSON.parse((await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageRoot, maxBuffer: 64 << 20 })).stdout) as Array<{ files: Array<{ path: string }> }>
  const files = listed[0]!.files.map(({ path }) => path)
  if (!files.includes('dist/harness/cli/main.js')) throw new Error(`npm pack lists no compiled kit: is dist/ built? (${files.length} files listed)`)
  for (const path of files) {
    if (path === 'dist/scenario-index.bin') continue
    mkdirSync(dirname(join(stage, path)), { recursive: true })
    cpSync(join(packageRoot, path), join(stage, path))
  }
  const packed = JSON.parse((await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', temp], { cwd: stage, maxBuffer: 64 << 20 })).stdout) as Array<{ filename: string }>
  const tarball = join(temp, packed[0]!.filename)

  const project = join(temp, 'project')
  const modules = join(project, 'node_modules')
  mkdirSync(join(modules, '.bin'), { recursive: true })
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'user-project', private: true, type: 'module' }, null, 2)}\n`)
  await run('tar', ['-xzf', tarball, '-C', temp])
  const kit = join(modules, 'contract-kit')
  renameSync(join(temp, 'package'), kit)
  linkInstalledDependencies(modules)
  symlinkSync('../contract-kit/bin/contract-kit.js', join(modules, '.bin', 'contract-kit'))
  symlinkSync('../vitest/vitest.mjs', join(modules, '.bin', 'vitest'))
  return { temp, project, kit, tarball }
}

/** Links every package of the kit's node_modules into `modules`, but the kit's own development tools (vitest is the user's). */
function linkInstalledDependencies(modules: string): void {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; peerDependencies: Record<string, string> }
  const devOnly = new Set(Object.keys(manifest.devDependencies).filter((name) => !(name in manifest.peerDependencies)))
  const installed = join(packageRoot, 'node_modules')
  for (const entry of readdirSync(installed)) {
    if (entry.startsWith('.')) continue
    const names = entry.startsWith('@') ? readdirSync(join(installed, entry)).map((name) => `${entry}/${name}`) : [entry]
    for (const name of names) {
      if (devOnly.has(name) || name.startsWith('@types/')) continue
      mkdirSync(dirname(join(modules, name)), { recursive: true })
      symlinkSync(join(installed, name), join(modules, name))
    }
  }
}
