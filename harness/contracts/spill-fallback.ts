import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'

/**
 * recovery/spill-fallback: with no spiller, a failing spiller or no grant, an output over the cap falls back to plain
 * truncation — the call succeeds, no spill path, no recovery command — and no error reaches the caller.
 */
export const spillFallback = defineContract<ToolOutputHistory>({
  id: 'recovery/spill-fallback',
  statement: 'With no spiller, a failing spiller or no tool_output_folder grant, the tool falls back to plain truncation: the call succeeds, offers no spill or recovery command, and no error reaches the caller.',
  from: ['PLAT-200'],
  port: 'tool-output',
  check(history) {
    const run = toolOutputRun(history)
    if (run.spill === 'granted') return held
    if (run.error !== undefined) return broken(`with spill policy ${run.spill}, an error reached the caller: ${run.error}`, { spill: run.spill, error: run.error })
    if (!run.result) return held
    if (run.result.spillPath !== null || run.result.recovery !== null) {
      return broken(`with spill policy ${run.spill}, the tool still names a spill (${run.result.spillPath ?? run.result.recovery})`, { spill: run.spill, spillPath: run.result.spillPath, recovery: run.result.recovery })
    }
    return held
  },
})

/** Checks recovery/spill-fallback (returns the result). */
export const checkSpillFallback = spillFallback.check
/** Asserts recovery/spill-fallback (throws unless held). */
export const assertSpillFallback = spillFallback.assert
