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

/**
 * `contract-kit doctor (--profile FILE | --adapter NAME) [--port PORT]... [--calls N] [--max-call-ms MS] [--timeout MS]`: starts one stdio
 * implementation, checks it before any scenario and prints the diagnosis. Exit 0 no check failed, 1 one did, 2 bad usage.
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
    throw new UsageError(`doctor needs one of --profile FILE or --adapter 'stdio:<command line>' (or a bundled system such as pager/reference@stdio)`)
  }
  const latencyCalls = positiveInteger('calls', values.calls)
  const maxCallMs = positiveInteger('max-call-ms', values['max-call-ms'])
  const timeoutMs = positiveInteger('timeout', values.timeout) ?? (values.profile === undefined ? undefined : loadProfile(values.profile).timeoutMs)
  if (values.profile === undefined && mayNameShippedSystem(values.adapter!)) await loadShippedSystems(portsNamedBy([values.adapter!]))
  const target = values.profile === undefined ? resolveDoctorTarget(values.adapter!) : doctorTargetOfProfile(loadProfile(values.profile))
  const expectedPorts = values.port ?? target.expectedPorts
  return runDoctor({ ...target, ...(expectedPorts ? { expectedPorts } : {}) }, { latencyCalls, maxCallMs, timeoutMs })
}

/** What doctor starts for a profile: its command in its folder, with its environment, expecting its ports. */
function doctorTargetOfProfile(profile: Profile): DoctorTarget {
  if (profile.transport !== 'stdio') throw new UsageError(`${profile.given}: doctor checks implementations that speak the stdio protocol; this profile's transport is ${profile.transport}`)
  return { label: `${profile.name} (${profile.given})`, command: profile.command, cwd: profile.cwd, ...(profile.env ? { env: profile.env } : {}), expectedPorts: profile.ports }
}
