import { bundledClientTemplate, bundledStdioCommand, bundledSystemOf, commandPrefix, commandSuffix, httpPrefix, stdioPrefix, stdioSuffix } from '#harness/adapters/index.ts'
import { serviceUrl } from '#harness/adapters/http/service-url.ts'
import { fillTemplate } from '#harness/adapters/command-adapter.ts'
import { parseCommandLine } from '#harness/adapters/parse-command-line.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import type { DoctorTarget } from '#harness/doctor/run-doctor.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'

/** The words after an adapter name's prefix; a bad command line (or an unknown placeholder in a template) is a UsageError. */
function commandLine(adapter: string, prefix: string): string[] {
  try {
    const argv = parseCommandLine(adapter.slice(prefix.length))
    if (prefix === commandPrefix) fillTemplate(argv, { baseUrl: '', sessionId: '', timeoutMs: 0, tryTimeoutMs: 0, output: 'json' })
    return argv
  } catch (error) {
    throw new UsageError(`--adapter ${JSON.stringify(adapter)}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * The target an `--adapter` name names: `stdio:<command line>` (no expected ports), a bundled `<system>@stdio` served by
 * fixtures/systems/serve-stdio.ts as resolveAdapter serves it (expecting its port), a service already running
 * `http:<url>`, a session client `command:<template>`, or a bundled `session-client/<variant>@command`. Anything else
 * (an `http:` URL that is not http:// or https://, too) is a UsageError.
 */
export function resolveDoctorTarget(adapter: string): DoctorTarget {
  if (adapter.startsWith(stdioPrefix)) return { label: adapter, command: commandLine(adapter, stdioPrefix) }
  if (adapter.startsWith(httpPrefix)) {
    const parsed = serviceUrl(adapter.slice(httpPrefix.length))
    if (!parsed.ok) throw new UsageError(`--adapter ${JSON.stringify(adapter)}: ${parsed.problem}; expected http:<url> of a running service, e.g. http:http://127.0.0.1:8080/rpc`)
    return { transport: 'http', label: adapter, url: parsed.url }
  }
  if (adapter.startsWith(commandPrefix)) return { transport: 'command', label: adapter, template: commandLine(adapter, commandPrefix) }
  const system = bundledSystemOf(adapter)
  if (system !== undefined && adapter.endsWith(stdioSuffix)) {
    return { label: adapter, command: bundledStdioCommand(system), expectedPorts: [portOfBundled(system)] }
  }
  if (system !== undefined && adapter.endsWith(commandSuffix)) return { transport: 'command', label: adapter, template: () => bundledClientTemplate(system) }
  throw new UsageError(
    `--adapter ${JSON.stringify(adapter)}: doctor checks an implementation over stdio, a service already running over HTTP or a session client run as a command; give stdio:<command line>, http:<url>, command:<template>, or a bundled system such as pager/reference@stdio or session-client/reference@command`,
  )
}
