import { relative } from 'node:path'
import { listed } from '#harness/contracts/listed.ts'
import { quoted, visible } from '#harness/contracts/text-difference.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun, filesMade } from '#harness/contracts/agent-log/agent-log-run.ts'
import type { AgentLogSandboxNote } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { counted } from '#harness/contracts/counted.ts'

const nothingToWrite = 'no agent is recorded in a writable workspace: the run has nothing to write anywhere'

/**
 * durability/sandboxed: A run writes nowhere outside the workspace it was given: nothing in its working folder beside
 * the workspace, no store or record of the run under HOME, TMPDIR or the XDG folders, and the decoy workspace outside
 * the sandbox (a real store) untouched byte for byte. Untouched is evidence only beside the run's own writes: the
 * store it wrote inside the workspace (a file there: folders alone are no store).
 */
export const sandboxed = defineContract<AgentLogHistory>({
  id: 'durability/sandboxed',
  statement:
    'A run writes nowhere outside the workspace it was given: nothing in its working folder beside the workspace, no store or record under HOME, TMPDIR or the XDG folders, and the decoy workspace’s real store outside the sandbox untouched, byte for byte.',
  from: ['PLAT-114'],
  port: 'agent-log',
  exercise: 'named',
  exercisedBy: (scenario) => (agentLogPlan(scenario.given, scenario.steps).calls.some((c) => c.writable) ? true : nothingToWrite),
  needs: () => ['files'],
  check(history) {
    const run = agentLogRun(history)
    const note = run.sandbox
    if (note && !note.decoyUntouched) return broken('the decoy workspace outside the sandbox was changed: its real store is another workspace’s', { decoyUntouched: false, changed: note.decoyChanged ?? [] })
    const stores = (note?.outside ?? []).filter((w) => w.sqlite || w.holds.length > 0)
    if (stores.length > 0) {
      const [first] = stores
      const what = [first.sqlite ? 'a SQLite database' : 'a file', first.holds.length > 0 ? `holding ${listed(first.holds.map(visible))}` : ''].filter(Boolean).join(' ')
      const more = stores.length > 1 ? `, and ${counted(stores.length - 1, 'more file')} outside it` : ''
      return broken(`the run wrote outside its workspace, under ${first.where}: ${quoted(first.path, Infinity)} (${what})${more}`, { outside: stores.slice(0, 5), outsideCount: stores.length, where: first.where })
    }
    const beside = note ? besideWorkspace(note) : []
    if (beside.length > 0) return broken(`the run wrote in its working folder outside the workspace: ${listed(beside.map((f) => quoted(f, Infinity)))}`, { besideWorkspace: beside, changed: beside })
    pre(run.observes.includes('files'), 'the kit cannot observe the files an implementation writes on this connection (it shares the kit’s working folder)')
    const writes = run.calls.filter((c) => c.writable)
    pre(writes.length > 0, nothingToWrite)
    const sandbox = need(note, 'the driver left no note on the sandbox: the decoy workspace was never compared')
    const answered = writes.filter((c) => c.outcome === 'ok')
    // the evidence is the store the run was seen writing inside its workspace (a file there), not how many calls
    // answered: a call that failed does not undo a store seen inside, and answered calls without one show nothing
    const made = filesMade(sandbox.files)
    const files = made.filter((f) => !f.endsWith('/'))
    if (files.length === 0) {
      const failed = answered.length < writes.length ? ` (${(writes.length - answered.length).toLocaleString('en-US')} of the ${counted(writes.length, 'start and completion call')} in a writable workspace did not succeed)` : ''
      const folders = made.length > 0 ? `no file inside its sandbox, only ${counted(made.length, 'folder')} (${listed(made.map(visible), 2)})` : 'no file inside its sandbox either'
      return unknown(`the run wrote ${folders}${failed}, so its store was never seen inside the workspace and an untouched decoy shows nothing about where it writes`)
    }
    const wrote = counted(files.length, 'file')
    const calls = answered.length < writes.length ? `${counted(writes.length, 'start and completion call')} (${answered.length.toLocaleString('en-US')} answered)` : counted(answered.length, 'answered start and completion call')
    const decoy = sandbox.decoyFiles ?? 0
    const watched = sandbox.watched ?? []
    const outside = sandbox.outside ?? []
    const elsewhere = watched.length > 0 ? `; ${watchedLine(watched)} hold none of its records${outside.length > 0 ? ` (${counted(outside.length, 'other file')} written there: ${outside[0].where}/${outside[0].path}${outside.length > 1 ? ', …' : ''})` : ''}` : ''
    return held(
      `the decoy workspace outside the sandbox (${counted(decoy, 'file')}, a real store among them) is unchanged byte for byte after ${calls}, which wrote ${wrote} inside the workspace (${listed(files.map(visible), 2)})${elsewhere}`,
      { writes: answered.length, madeInside: made, decoyFiles: decoy, decoyChanged: 0, watched, writtenOutside: outside.length },
    )
  },
})

/** The files and folders the run made in the sandbox outside the workspace (and outside the kit's own). */
function besideWorkspace(note: AgentLogSandboxNote & { root?: string; workspace?: string }): string[] {
  const inside = note.root && note.workspace ? `${relative(note.root, note.workspace)}/` : 'workspace/'
  return filesMade(note.files).filter((f) => !f.startsWith(inside))
}

function watchedLine(watched: readonly string[]): string {
  const xdg = watched.filter((v) => v.startsWith('XDG_'))
  const named = watched.filter((v) => !v.startsWith('XDG_'))
  return [...named, ...(xdg.length > 0 ? [`the ${counted(xdg.length, 'XDG folder')}`] : [])].join(', ').replace(/, ([^,]*)$/, ' and $1')
}

/** Checks durability/sandboxed (returns the result). */
export const checkSandboxed = sandboxed.check
/** Asserts durability/sandboxed (throws unless held). */
export const assertSandboxed = sandboxed.assert
