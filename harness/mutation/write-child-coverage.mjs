// Preloaded (NODE_OPTIONS --import) into every Node process a mutation run's dry-run test starts, by
// harness/mutation/collect-child-coverage.ts: the process's Stryker coverage (which mutants its instrumented code
// reached) is written to CONTRACT_KIT_CHILD_COVERAGE/<pid>.json whenever it grew, every 100 ms and at exit, for the
// test's process to count as the test's own. A process killed with SIGKILL loses at most its last 100 ms.

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const folder = process.env.CONTRACT_KIT_CHILD_COVERAGE
if (folder) {
  const file = join(folder, `${process.pid}.json`)
  let written = ''
  const write = () => {
    const coverage = globalThis.__stryker__?.mutantCoverage
    if (!coverage) return
    const text = JSON.stringify(coverage)
    if (text === written) return
    written = text
    try {
      writeFileSync(file, text)
    } catch {
      // the folder is gone (the test's process ended): nothing is left to count it
    }
  }
  setInterval(write, 100).unref()
  process.on('exit', write)
}
