#!/usr/bin/env node
// The contract-kit command: runs the compiled kit in dist/ (built by `npm run build`, and by `prepare` on npm ci and
// npm pack). With CONTRACT_KIT_FROM_SOURCE=1 it runs the TypeScript sources through tsx instead (slower to start, no build).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// a reader that stops early (`contract-kit list | head`) closes the pipe: stop quietly, as other command-line tools do
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(process.exitCode ?? 0)
})

const fromSource = process.env.CONTRACT_KIT_FROM_SOURCE === '1'
const compiled = new URL('../dist/harness/cli/main.js', import.meta.url)
let main
if (fromSource) {
  const { register } = await import('tsx/esm/api')
  register()
  ;({ main } = await import('../harness/cli/main.ts'))
} else if (existsSync(compiled)) {
  await warnIfStale()
  ;({ main } = await import(compiled.href))
} else {
  process.stderr.write('contract-kit: dist/ is missing: run `npm run build` in the kit (npm ci and npm pack build it)\n')
  process.exit(2)
}
process.exitCode = await main(process.argv.slice(2))
// interrupted (SIGHUP, SIGINT, SIGTERM): the run has ended every process it started and written its reports; whatever
// vitest still holds open must not keep the process alive
if ([129, 130, 143].includes(process.exitCode)) process.exit(process.exitCode)

/** In a checkout of the kit (an installed package has no sources), says so when a source is newer than dist/. */
async function warnIfStale() {
  const root = fileURLToPath(new URL('..', import.meta.url))
  if (!existsSync(`${root}harness/build/stale-source.mjs`)) return
  const { staleSource } = await import('../harness/build/stale-source.mjs')
  const stale = staleSource(root)
  if (stale) process.stderr.write(`contract-kit: ${stale} is newer than dist/: run \`npm run build\` (or CONTRACT_KIT_FROM_SOURCE=1 to run the sources)\n`)
}
