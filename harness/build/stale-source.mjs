// Whether the compiled kit in dist/ is older than its sources, in a checkout of the kit (an installed package has no
// sources): what `contract-kit` warns of, and what the kit's own test run rebuilds before its tests start the CLI.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Sources that never reach dist/ (tsconfig.build.json leaves them out), whose changes need no build. */
const unbuilt = /(^|\/)(bench|build|hostile|mutation|soak|__test-helpers__)\//

/**
 * The first source (`harness/…` or `fixtures/….ts`, tests and unbuilt folders aside) newer than the compiled CLI under
 * `root`, or `dist/` itself when the CLI was never compiled; undefined when dist/ is up to date, or `root` holds no
 * sources.
 */
export function staleSource(root) {
  if (!existsSync(join(root, 'harness'))) return undefined
  const built = join(root, 'dist', 'harness', 'cli', 'main.js')
  if (!existsSync(built)) return 'dist/'
  const builtAt = statSync(built).mtimeMs
  for (const folder of ['harness', 'fixtures']) {
    for (const file of readdirSync(join(root, folder), { recursive: true })) {
      if (file.endsWith('.ts') && !file.endsWith('.test.ts') && !unbuilt.test(file) && statSync(join(root, folder, file)).mtimeMs > builtAt) return `${folder}/${file}`
    }
  }
  return undefined
}
