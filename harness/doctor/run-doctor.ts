import { diagnose, type DiagnoseOptions } from '#harness/doctor/diagnose.ts'
import { diagnoseClient } from '#harness/doctor/diagnose-client.ts'
import { diagnoseHttp } from '#harness/doctor/diagnose-http.ts'
import { formatDiagnosis } from '#harness/doctor/format-diagnosis.ts'

/** A stdio implementation doctor examines: a resolved command (from `--adapter`, or a profile file) and how to start it. */
export interface StdioDoctorTarget {
  transport?: 'stdio'
  /** How the header names it, e.g. the adapter name; default: the command. */
  label?: string
  command: string[]
  cwd?: string
  env?: Record<string, string | undefined>
  /** Ports the implementation must declare. */
  expectedPorts?: string[]
}

/** A session client doctor examines: its command template, made once when doctor starts it (a bundled client is built first). */
export interface CommandDoctorTarget {
  transport: 'command'
  /** How the header names it, e.g. the adapter name; default: the template. */
  label?: string
  template: string[] | (() => Promise<string[]>)
  cwd?: string
}

/** A service already running that doctor reaches at its URL (`http:<url>`) and does not start. */
export interface HttpDoctorTarget {
  transport: 'http'
  /** How the header names it, e.g. the adapter name; default: `http:<url>`. */
  label?: string
  /** The URL every request is POSTed to. */
  url: string
  /** Ports the service must declare. */
  expectedPorts?: string[]
}

/** What doctor examines: a stdio implementation, a service already running over HTTP, or a session client run as a command. */
export type DoctorTarget = StdioDoctorTarget | HttpDoctorTarget | CommandDoctorTarget

/** Diagnoses a target (the stdio checks, the HTTP ones or a client's start-up), prints the diagnosis on stdout, and returns the exit code: 0 when no check failed (warnings allowed), 1 otherwise. */
export async function runDoctor(target: DoctorTarget, options: Omit<DiagnoseOptions, 'command' | 'cwd' | 'env' | 'expectedPorts'> = {}): Promise<number> {
  const diagnosis =
    target.transport === 'command'
      ? await diagnoseClient({ template: Array.isArray(target.template) ? target.template : await target.template(), cwd: target.cwd })
      : target.transport === 'http'
        ? await diagnoseHttp({ url: target.url, expectedPorts: target.expectedPorts, latencyCalls: options.latencyCalls, maxCallMs: options.maxCallMs, timeoutMs: options.timeoutMs })
        : await diagnose({ ...options, command: target.command, cwd: target.cwd, env: target.env, expectedPorts: target.expectedPorts })
  console.log(formatDiagnosis(diagnosis, target.label))
  return diagnosis.ok ? 0 : 1
}
