import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder of contract-kit's package.json, found from this module whether it runs from source or from `dist/`. */
export const packageRoot: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)))

/** Whether the kit runs from its TypeScript sources (the tests, a developer's checkout) rather than compiled `dist/`. */
export const runsFromSource: boolean = import.meta.url.endsWith('.ts')

/**
 * The file a module of the kit is in, as this run loads it: `kitModule('fixtures/systems/serve-stdio')` is the `.ts`
 * source when the kit runs from source and `dist/…/serve-stdio.js` when it runs compiled.
 */
export function kitModule(path: string): string {
  return runsFromSource ? join(packageRoot, `${path}.ts`) : join(packageRoot, 'dist', `${path}.js`)
}

function findPackageRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'contract-kit') return `${folder}/`
    if (dirname(folder) === folder) throw new Error(`contract-kit: no package.json of contract-kit above ${from}`)
  }
}
