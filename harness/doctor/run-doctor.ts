import { diagnose, type DiagnoseOptions } from '#harness/doctor/diagnose.ts'
import { formatDiagnosis } from '#harness/doctor/format-diagnosis.ts'

/** What doctor examines: a resolved command (from `--adapter`, or later a profile file) and how to start it. */
export interface DoctorTarget {
  /** How the header names it, e.g. the adapter name; default: the command. */
  label?: string
  command: string[]
  cwd?: string
  env?: Record<string, string | undefined>
  /** Ports the implementation must declare. */
  expectedPorts?: string[]
}

/** Diagnoses a target, prints the diagnosis on stdout, and returns the exit code: 0 when no check failed (warnings allowed), 1 otherwise. */
export async function runDoctor(target: DoctorTarget, options: Omit<DiagnoseOptions, 'command' | 'cwd' | 'env' | 'expectedPorts'> = {}): Promise<number> {
  const diagnosis = await diagnose({ ...options, command: target.command, cwd: target.cwd, env: target.env, expectedPorts: target.expectedPorts })
  console.log(formatDiagnosis(diagnosis, target.label))
  return diagnosis.ok ? 0 : 1
}
