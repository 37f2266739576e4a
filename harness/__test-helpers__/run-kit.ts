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
