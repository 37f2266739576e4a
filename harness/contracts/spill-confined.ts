import { sep } from 'node:path'
import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'

/** security/spill-confined: nothing is written outside the granted folder — through a symlink or otherwise — and a spill path lies inside it. */
export const spillConfined = defineContract<ToolOutputHistory>({
  id: 'security/spill-confined',
  statement: 'A tool writes nothing outside the granted tool_output_folder (symlinks included): every change the kit finds in its sandbox is inside the grant, and the spill path is too.',
  from: ['PLAT-200'],
  port: 'tool-output',
  check(history) {
    const run = toolOutputRun(history)
    if (run.changedOutside.length > 0) return broken(`the run changed ${run.changedOutside.length} path(s) outside the grant: ${run.changedOutside.slice(0, 5).join(', ')}`, { changedOutside: run.changedOutside })
    const path = run.result?.spillPath
    if (path && run.folder && !path.startsWith(run.folder + sep)) return broken(`the spill path ${path} is not inside the granted folder ${run.folder}`, { spillPath: path, folder: run.folder })
    if (path && !run.folder) return broken(`with spill policy ${run.spill} the tool reports a spill at ${path}`, { spillPath: path, spill: run.spill })
    return held
  },
})

/** Checks security/spill-confined (returns the result). */
export const checkSpillConfined = spillConfined.check
/** Asserts security/spill-confined (throws unless held). */
export const assertSpillConfined = spillConfined.assert
