import { diagnose, type DiagnoseOptions } from '#harness/doctor/diagnose.ts'
import { diagnoseClient } from '#harness/doctor/diagnose-client.ts'
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

/** What doctor examines: a stdio implementation, or a session client run as a command. */
export type DoctorTarget = StdioDoctorTarget | CommandDoctorTarget

/** Diagnoses a target, prints the diagnosis on stdout, and returns the exit code: 0 when no check failed (warnings allowed), 1 otherwise. */
export async function runDoctor(target: DoctorTarget, options: Omit<DiagnoseOptions, 'command' | 'cwd' | 'env' | 'expectedPorts'> = {}): Promise<number> {
  const diagnosis =
    target.transport === 'command'
      ? await diagnoseClient({ template: Array.isArray(target.template) ? target.template : await target.template(), cwd: target.cwd })
      : await diagnose({ ...options, command: target.command, cwd: target.cwd, env: target.env, expectedPorts: target.expectedPorts })
  console.log(formatDiagnosis(diagnosis, target.label))
  return diagnosis.ok ? 0 : 1
}
