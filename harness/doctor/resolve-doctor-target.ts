import { bundledStdioCommand, bundledSystemOf, stdioPrefix, stdioSuffix } from '#harness/adapters/index.ts'
import { parseCommandLine } from '#harness/adapters/parse-command-line.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import type { DoctorTarget } from '#harness/doctor/run-doctor.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'

/**
 * The target an `--adapter` name names: `stdio:<command line>` (no expected ports), or a bundled `<system>@stdio`
 * served by fixtures/systems/serve-stdio.ts as resolveAdapter serves it (expecting its port). Anything else is a UsageError.
 */
export function resolveDoctorTarget(adapter: string): DoctorTarget {
  if (adapter.startsWith(stdioPrefix)) {
    try {
      return { label: adapter, command: parseCommandLine(adapter.slice(stdioPrefix.length)) }
    } catch (error) {
      throw new UsageError(`--adapter ${JSON.stringify(adapter)}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const system = bundledSystemOf(adapter)
  if (system !== undefined && adapter.endsWith(stdioSuffix)) {
    return { label: adapter, command: bundledStdioCommand(system), expectedPorts: [portOfBundled(system)] }
  }
  throw new UsageError(
    `--adapter ${JSON.stringify(adapter)}: doctor checks an implementation over stdio; give stdio:<command line> or a bundled system over stdio such as pager/reference@stdio`,
  )
}
