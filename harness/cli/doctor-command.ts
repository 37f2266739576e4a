import { parseFlags } from '#harness/cli/select-run.ts'
import { decimalFlag, maxTimerMs } from '#harness/cli/decimal-flag.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { resolveDoctorTarget } from '#harness/doctor/resolve-doctor-target.ts'
import { loadShippedSystems, mayNameShippedSystem, portsNamedBy } from '#harness/adapters/shipped-systems.ts'
import { runDoctor } from '#harness/doctor/run-doctor.ts'
import type { DoctorTarget } from '#harness/doctor/run-doctor.ts'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import type { Profile } from '#harness/profiles/load-profile.ts'

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  return decimalFlag(`--${flag}`, value, { min: 1, max: maxTimerMs })
}

/** The flags that tune the stdio checks (and the HTTP ones), which a session client run as a command does not get. */
const stdioOnlyFlags = ['port', 'calls', 'max-call-ms', 'timeout'] as const

/**
 * `contract-kit doctor (--profile FILE | --adapter NAME) [--port PORT]... [--calls N] [--max-call-ms MS] [--timeout MS]`: starts one stdio
 * implementation (or a session client run as a command, whose start-up alone is checked; or reaches a service already
 * running, `http:<url>`, which it does not start), checks it before any scenario and prints the diagnosis. Exit 0 no
 * check failed, 1 one did, 2 bad usage.
 */
export async function doctorCommand(args: string[]): Promise<number> {
  const { values } = parseFlags({
    args,
    options: {
      adapter: { type: 'string' },
      profile: { type: 'string' },
      port: { type: 'string', multiple: true },
      calls: { type: 'string' },
      'max-call-ms': { type: 'string' },
      timeout: { type: 'string' },
    },
    allowPositionals: false,
    strict: true,
  })
  if ((values.adapter === undefined) === (values.profile === undefined)) {
    throw new UsageError(`doctor needs one of --profile FILE or --adapter 'stdio:<command line>', 'http:<url>' or 'command:<template>' (or a bundled system such as pager/reference@stdio)`)
  }
  const latencyCalls = positiveInteger('calls', values.calls)
  const maxCallMs = positiveInteger('max-call-ms', values['max-call-ms'])
  const profile = values.profile === undefined ? undefined : loadProfile(values.profile)
  const timeoutMs = positiveInteger('timeout', values.timeout) ?? profile?.timeoutMs
  if (profile === undefined && mayNameShippedSystem(values.adapter!)) await loadShippedSystems(portsNamedBy([values.adapter!]))
  const target = profile === undefined ? resolveDoctorTarget(values.adapter!) : doctorTargetOfProfile(profile)
  if (target.transport === 'command') {
    const given = stdioOnlyFlags.find((flag) => values[flag] !== undefined)
    if (given !== undefined) throw new UsageError(`--${given} tunes the stdio checks; ${target.label ?? 'this target'} is a session client run as a command, whose start-up alone doctor checks`)
    return runDoctor(target)
  }
  const expectedPorts = values.port ?? target.expectedPorts
  return runDoctor({ ...target, ...(expectedPorts ? { expectedPorts } : {}) }, { latencyCalls, maxCallMs, timeoutMs })
}

/**
 * What doctor starts for a profile: its command in its folder, with its environment, expecting its ports; or, for
 * `transport: command`, its template in its folder (with no added environment, as the kit runs it).
 */
function doctorTargetOfProfile(profile: Profile): DoctorTarget {
  const label = `${profile.name} (${profile.given})`
  if (profile.transport === 'command') return { transport: 'command', label, template: profile.command, cwd: profile.cwd }
  if (profile.transport === 'http') throw new UsageError(`${label}: transport: http; doctor checks stdio and command implementations only (docs/http-protocol.md)`)
  return { label, command: profile.command, cwd: profile.cwd, ...(profile.env ? { env: profile.env } : {}), expectedPorts: profile.ports }
}
