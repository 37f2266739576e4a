import { contractsById } from '#harness/contracts/index.ts'
import { timingBoundSuite } from '#harness/timing/timing-bound-suite.ts'

/** Whether a scenario's verdict depends on time: it exercises a contract that judges when things happened. */
export function isTimingBound(exercises: readonly string[]): boolean {
  return exercises.some((id) => contractsById.get(id)?.timing === true)
}

/** The contract suite a run is declared in: the timing-bound suite when its verdict depends on time, else its port's. */
export function suiteOf(port: string, exercises: readonly string[]): string {
  return isTimingBound(exercises) ? timingBoundSuite : port
}
