import type { CheckId, CheckResult } from '#harness/doctor/diagnosis.ts'

/** A check doctor did not run, and why ("not checked: initialize was not answered"). */
export function skippedCheck(id: CheckId, why: string): CheckResult {
  return { id, status: 'skip', summary: `not checked: ${why}`, details: [] }
}
