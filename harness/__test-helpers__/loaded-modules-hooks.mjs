// Module hooks (node:module register) that write each loaded module's URL to a file: see record-loaded-modules.mjs.
import { appendFileSync } from 'node:fs'

let file

/** Receives the file to write to. */
export function initialize(data) {
  file = data?.file
}

/** Writes the URL of the module about to load, then loads it as Node would. */
export async function load(url, context, nextLoad) {
  if (file) appendFileSync(file, `${url}\n`)
  return nextLoad(url, context)
}
