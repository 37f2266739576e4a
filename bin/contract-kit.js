#!/usr/bin/env node
// The contract-kit command: runs the compiled kit in dist/ (built by `npm run build`, and by `prepare` on npm ci and
// npm pack). With CONTRACT_KIT_FROM_SOURCE=1 it runs the TypeScript sources through tsx instead, as the kit's own tests do.
import { existsSync, readdirSync, statSync } from 'node:fs'
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
  warnIfStale(fileURLToPath(compiled))
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
function warnIfStale(built) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  if (!existsSync(`${root}harness`)) return
  const builtAt = statSync(built).mtimeMs
  for (const folder of ['harness', 'fixtures']) {
    for (const file of readdirSync(`${root}${folder}`, { recursive: true })) {
      if (file.endsWith('.ts') && !file.endsWith('.test.ts') && !/(^|\/)(bench|build|hostile|soak|__test-helpers__)\//.test(file) && statSync(`${root}${folder}/${file}`).mtimeMs > builtAt) {
        process.stderr.write(`contract-kit: ${folder}/${file} is newer than dist/: run \`npm run build\` (or CONTRACT_KIT_FROM_SOURCE=1 to run the sources)\n`)
        return
      }
    }
  }
}
