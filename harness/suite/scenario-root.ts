import { join } from 'node:path'
import { packageRoot } from '#harness/package/package-root.ts'

/** The folder of the bundled scenario files. */
export const scenarioRoot = join(packageRoot, 'scenarios/')
