import { basename, sep } from 'node:path'
import { listed } from '#harness/contracts/listed.ts'
import { counted } from '#harness/contracts/counted.ts'
import { quoted } from '#harness/contracts/text-difference.ts'
import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, unknown } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'

/** security/spill-confined: nothing is written outside the granted folder — through a symlink, under HOME, TMPDIR or an XDG folder, or otherwise — and a spill path lies inside it. */
export const spillConfined = defineContract<ToolOutputHistory>({
  id: 'security/spill-confined',
  statement: 'A tool writes nothing outside the granted tool_output_folder (symlinks included): every change the kit finds in its sandbox is inside the grant, and the spill path is too.',
  from: ['PLAT-200'],
  port: 'tool-output',
  // every run hands the tool a sandbox (a decoy outside the grant, a symlink to it inside) whatever the spill policy
  exercisedBy: () => true,
  check(history) {
    const run = toolOutputRun(history)
    const sandbox = need(run.sandbox, 'the kit did not scan the sandbox after the call: what the tool wrote was not seen')
    const { changedOutside, folder } = sandbox
    // a copy of the output under HOME, TMPDIR or an XDG folder (over stdio, where the kit points them at folders it watches)
    const copies = (sandbox.watchedWrites ?? []).filter((w) => w.copy)
    if (copies.length > 0) {
      const named = copies.map((w) => quoted(`${w.where}/${w.path}`, Infinity))
      return broken(`the tool wrote a copy of its output outside the grant, in ${counted(copies.length, 'file')} under HOME, TMPDIR or an XDG folder: ${listed(named, 5)}`, { watchedCopies: copies.map((w) => `${w.where}/${w.path}`) })
    }
    if (changedOutside.length > 0) return broken(`the run changed ${counted(changedOutside.length, 'path')} outside the grant: ${listed(changedOutside.map((p) => quoted(p, Infinity)), 5)}`, { changedOutside })
    // an absence is evidence only once the tool has answered: until then it may still write
    if (run.answer.kind === 'none') return unknown('the tool gave no answer to tool-output.run: nothing written outside the grant is judged only after it answers')
    const path = run.answer.kind === 'result' ? run.answer.result.spillPath : null
    // quoted, every invisible character escaped: a path that only looks inside the grant shows why it is not
    if (path && folder && !path.startsWith(folder + sep)) return broken(`the spill path ${quoted(path, Infinity)} is not inside the granted folder ${quoted(folder, Infinity)}`, { spillPath: path, folder })
    if (path && !folder) return broken(`with spill policy ${run.spill} the tool reports a spill at ${quoted(path, Infinity)}`, { spillPath: path, spill: run.spill })
    const watched = sandbox.watchedOutside
    const answered = run.answer.kind === 'error' ? 'the tool answered with an error' : 'the tool answered'
    const where = folder ? `outside ${basename(folder)}` : 'in the sandbox'
    const compared = watched === undefined ? '' : `: ${watched.toLocaleString('en-US')} paths compared before and after, the decoy among them`
    const spill = path ? `its spill ${basename(path)} lies inside the grant` : folder ? 'no spill' : `no spill (spill policy ${run.spill}, no folder granted)`
    return held(`${answered}; nothing changed ${where}${compared}; ${spill}`, {
      answer: run.answer.kind,
      changedOutside: 0,
      ...(watched === undefined ? {} : { watchedOutside: watched }),
      spill: run.spill,
      spillFile: path ? basename(path) : null,
    })
  },
})

/** Checks security/spill-confined (returns the result). */
export const checkSpillConfined = spillConfined.check
/** Asserts security/spill-confined (throws unless held). */
export const assertSpillConfined = spillConfined.assert
