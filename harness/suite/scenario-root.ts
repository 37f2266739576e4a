import { fileURLToPath } from 'node:url'

/** The folder of the bundled scenario files. */
export const scenarioRoot = fileURLToPath(new URL('../../scenarios/', import.meta.url))
