import { relative } from 'node:path'
import { packageRoot } from '#harness/package/package-root.ts'
import { loadProfile, type Profile } from '#harness/profiles/load-profile.ts'


/** The profiles the kit's own runs include besides the bundled systems: the example implementations in other languages. */
export const bundledProfileFiles = ['examples/python/profile.yaml'] as const

/** The bundled profiles, loaded; each named by its path from the working folder (the package root, as `npm start` runs). */
export function bundledProfiles(): Profile[] {
  return bundledProfileFiles.map((file) => loadProfile(relative(process.cwd(), packageRoot + file) || file))
}
