import { execFile } from 'node:child_process'
import { join } from 'node:path'

/** The package root, where `npx contract-kit` runs from. */
export { packageRoot } from '#harness/package/package-root.ts'
import { packageRoot } from '#harness/package/package-root.ts'

/** How a `contract-kit` process ended. */
export interface KitExit {
  code: number
  stdout: string
  stderr: string
}

/** The environment of a user's shell: no colours, nothing of the vitest running the tests, the compiled kit (dist/, which the test run's global setup keeps up to date), and the given additions. */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|FORCE_COLOR$|CONTRACT_KIT_(?!BUNDLE_DIR$))/.test(key)))
  return { ...env, NO_COLOR: '1', CONTRACT_KIT_FROM_SOURCE: '', ...extra }
}

/**
 * The argv that serves a bundled system over the stdio protocol from the compiled kit (`dist/`, which the test run's
 * global setup keeps up to date): what `<system>@stdio` runs when a user runs the kit. It starts in about a third of
 * the time of the TypeScript source through tsx (0.3 s against 0.9 s), and a kit run starts one for every case.
 */
export function compiledStdioCommand(system: string): string[] {
  return [process.execPath, join(packageRoot, 'dist', 'fixtures', 'systems', 'serve-stdio.js'), system]
}

/** Runs `contract-kit …` as a user would (`node bin/contract-kit.js …`, from the package root unless `cwd` is given); rejects only if it had to be killed. */
export function runKit(args: string[], options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {}): Promise<KitExit> {
  return new Promise((done, fail) => {
    const bin = join(packageRoot, 'bin', 'contract-kit.js')
    execFile(process.execPath, [bin, ...args], { cwd: options.cwd ?? packageRoot, env: userEnv(options.env), timeout: options.timeoutMs ?? 110_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') fail(new Error(`contract-kit ${args.join(' ')} did not exit by itself (${error.message})\n${stdout}\n${stderr}`))
      else done({ code: error ? (error.code as number) : 0, stdout, stderr })
    })
  })
}
