// Loaded into every Node process of a measured `npm test` (NODE_OPTIONS=--require …, set by harness/bench/test-suite.ts):
// at its exit, appends one JSON line — its script and arguments, its CPU (user and system) and how long it lived — to
// the file CONTRACT_KIT_PROCESS_LOG names. A process killed by a signal it cannot catch (SIGKILL) writes nothing.
'use strict'
const { appendFileSync } = require('node:fs')
const log = process.env.CONTRACT_KIT_PROCESS_LOG
if (log) {
  const started = Date.now()
  process.on('exit', () => {
    try {
      const { user, system } = process.cpuUsage()
      appendFileSync(log, `${JSON.stringify({ argv: process.argv.slice(1).join(' ').slice(0, 400), userMs: user / 1000, systemMs: system / 1000, wallMs: Date.now() - started })}\n`)
    } catch {
      // the log is for the benchmark: a process never fails because of it
    }
  })
}
