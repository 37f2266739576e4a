import { join, relative } from 'node:path'
import type { Driver } from '#harness/drivers/driver.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { ToolOutputScenario } from '#harness/scenario/plat-200-scenario-schemas.ts'
import { historyFormat } from '#harness/history/history.ts'
import type { ScriptedHistory } from '#harness/history/history.ts'
import type { Remedy, ToolOutputResult } from '#harness/ports/tool-output-port.ts'
import type { SnapshotOptions } from '#harness/ports/snapshotter-port.ts'
import { measure } from '#harness/measures/measure.ts'
import { preparePage } from '#harness/drivers/snapshotter/prepare-page.ts'
import type { PreparedPage } from '#harness/drivers/snapshotter/prepare-page.ts'
import { kitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { changesOutside, createSandbox, pathsOutside } from '#harness/drivers/tool-output/sandbox.ts'
import { readRecovered } from '#harness/recovery/read-recovered.ts'
import { refusedEntries } from '#harness/drivers/refused-entries.ts'
import { remedyOffShape } from '#harness/contracts/tool-output/remedy-off-shape.ts'
import { createWatchedFolders } from '#harness/drivers/agent-log/watched-folders.ts'
import type { WatchedFolders } from '#harness/drivers/agent-log/watched-folders.ts'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'

/** A tool-output scenario made ready: its page and its resolved `given`. */
export interface PreparedToolOutput {
  page: PreparedPage
  given: ToolOutputScenario['given']
}

/** The output handed to run `run` (from 2) of a scenario's `runs`: the output, then a line naming the run, so no two runs' outputs are the same. */
export function laterRunOutput(output: string, run: number): string {
  return `${output}\n(run ${run})`
}

/** The folders a tool process of its own is given as HOME, TMPDIR and XDG_*, outside its sandbox, and how to remove them. */
function createToolEnvironment(): { watched: WatchedFolders; remove(): void } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'contract-kit-tool-env-')))
  return { watched: createWatchedFolders(root), remove: () => rmSync(root, { recursive: true, force: true }) }
}

/** Pieces of the output a copy of it holds — its first, middle and last 48 code points — to find in a file written under HOME, TMPDIR or XDG_*. */
export function outputSamples(output: string): string[] {
  const points = Array.from(output)
  const width = 48
  if (points.length <= width) return points.length === 0 ? [] : [output]
  const middle = Math.floor((points.length - width) / 2)
  return [...new Set([0, middle, points.length - width].map((from) => points.slice(from, from + width).join('')))]
}

/** The options a remedy runs the snapshot with. */
export function remedyOptions(remedy: Remedy): SnapshotOptions {
  return remedy.option === 'depth' ? { depth: remedy.value } : { [remedy.option]: true }
}

/**
 * The tool-output port's driver: snapshots the page with the kit's snapshotter (the tool's whole output, with the
 * scenario's trailer after it), hands it to the tool with the cap and a sandboxed spill policy (its folder named and
 * its spill names taken as the scenario says), then records what changed in the sandbox outside the grant, the
 * size of the output each offered remedy of a documented shape gives (an off-shape one is never run), and what reading the recovery command back (by the kit, never run)
 * returned. With `runs`, the tool runs again in the same sandbox, each later output with a line naming its run, and
 * every run's recovery command is read back after the last. A named pipe, socket or device the tool left in its sandbox ends the run `error` (never opened).
 */
export const toolOutputDriver: Driver<ToolOutputScenario, PreparedToolOutput> = {
  prepare: (scenario) => ({ page: preparePage(scenario.given.page), given: scenario.given }),
  async drive(connection, prepared, recorder, context) {
    const { given, page } = prepared
    // over stdio each replay starts a tool process of its own, its HOME, TMPDIR and XDG folders pointed at folders the
    // kit watches: a copy of the output written there is outside the grant (security/spill-confined)
    const own = connection.system.transport === 'stdio' ? createToolEnvironment() : undefined
    const watchedBefore = own?.watched.scan()
    const live = own ? await context.open({ env: own.watched.env }) : connection
    live.beginScenario?.()
    const tool = live.port('tool-output')
    const snapshotter = kitSnapshotter(given.snapshotter as 'built-in' | 'chromium')
    const snapshot = await snapshotter.snapshot({ html: page.html, options: {} })
    // the tool's output: the page's snapshot, then the scenario's trailer (a lone surrogate, say, which no snapshot holds)
    if (given.trailer !== undefined) snapshot.text += given.trailer
    const unit = given.cap.unit as 'runes' | 'utf8-bytes' | 'utf16-units'
    recorder.note('snapshot', { snapshotter: snapshot.snapshotter, text: snapshot.text, size: measure(unit, snapshot.text), bytes: measure('utf8-bytes', snapshot.text) })
    const sandbox = createSandbox(given.spill as 'granted' | 'none' | 'failing' | 'no-grant', {
      ...(given.folderName !== undefined ? { folderName: given.folderName } : {}),
      ...(given.takenNames ? { taken: { output: snapshot.text, names: given.takenNames, ...(given.takenBy ? { by: given.takenBy as 'decoy' | 'dangling' } : {}) } } : {}),
    })
    try {
      const before = sandbox.scan()
      // run 1 is handed the output; each later run in the same sandbox the output with a line naming the run after it
      const outputs = Array.from({ length: given.runs ?? 1 }, (_, i) => (i === 0 ? snapshot.text : laterRunOutput(snapshot.text, i + 1)))
      const results: Array<ToolOutputResult | undefined> = []
      for (const [i, output] of outputs.entries()) {
        if (i > 0) recorder.note('run', { run: i + 1, text: output, size: measure(unit, output), bytes: measure('utf8-bytes', output) })
        const request = { output, cap: { unit, max: given.cap.max }, spill: sandbox.spill }
        const invoke = recorder.invoke('tool-output.run', { ...request, output: `(${output.length} UTF-16 units)` }, 0)
        try {
          results.push(await tool.run(request))
          recorder.complete(invoke, { type: 'ok', value: results[i] })
        } catch (error) {
          if (!(error instanceof AdapterError)) throw error
          // a tool that throws lets an error reach the caller: a definite answer the contracts judge, not an adapter failure
          if (error.failure !== 'implementation') {
            recorder.complete(invoke, { type: 'info', error: { code: error.failure, message: error.message } })
            throw error
          }
          recorder.complete(invoke, { type: 'fail', error: { code: 'error', message: error.message } })
          results.push(undefined)
        }
      }
      const result = results[0]
      const inside = sandbox.folder === null ? null : relative(sandbox.root, sandbox.folder)
      const after = sandbox.scan()
      // what the tool wrote under HOME, TMPDIR and the XDG folders: a file there holding a piece of the output is a copy of it
      const watchedWrites = own ? own.watched.writesSince(watchedBefore!, outputSamples(snapshot.text)).map((w) => ({ where: w.where, path: w.path, copy: w.holds.length > 0, ...(w.refused ? { refused: w.refused } : {}) })) : undefined
      // what the scan would not read (a pipe, a hard link…) is noted; a pipe, socket or device ends the run `error` below
      const found = refusedEntries(after, 'in its sandbox')
      recorder.note('sandbox', {
        root: sandbox.root,
        folder: sandbox.folder,
        changedOutside: changesOutside(before, after, inside),
        watchedOutside: pathsOutside(before, after, inside).length,
        ...(found.refused.length > 0 ? { refused: found.refused } : {}),
        ...(own ? { watched: Object.keys(own.watched.env), watchedWrites } : {}),
      })
      if (result && Array.isArray(result.remedies)) {
        // only a remedy of a documented shape is run: an off-shape one (a depth of another JSON type) is judged, never run
        for (const remedy of result.remedies.filter((r) => remedyOffShape(r) === undefined)) {
          // the tool run with the remedy prints the same trailer after its snapshot
          const text = (await snapshotter.snapshot({ html: page.html, options: remedyOptions(remedy) })).text + (given.trailer ?? '')
          recorder.note('remedy', { remedy, size: measure(unit, text), bytes: measure('utf8-bytes', text) })
        }
      }
      // every run's recovery command is read back after the last run: a later spill that replaced an earlier one shows
      for (const [i, answered] of results.entries()) {
        if (!answered || answered.recovery === null) continue
        const read = await readRecovered(answered.recovery, sandbox.folder ?? sandbox.root)
        // the text read back is kept only where it is not the output: the contract names where the two first differ
        const matches = read.ok && read.text === outputs[i]
        const run = i === 0 ? {} : { run: i + 1 }
        recorder.note('recovery', read.ok ? { ok: true, chunks: read.chunks, matches, bytes: measure('utf8-bytes', read.text), ...(matches ? {} : { text: read.text }), ...run } : { ok: false, finding: read.finding, ...run })
      }
      const error = found.error ?? refusedEntries(sandbox.scan(), 'in its sandbox').error
      if (error) throw error
    } finally {
      sandbox.remove()
      if (own) {
        await live.close()
        own.remove()
      }
    }
  },
  history(prepared, fields, recorder): ScriptedHistory {
    return { format: historyFormat, port: 'tool-output', ...fields, fixture: prepared.page.fixture, given: { ...prepared.given }, oracle: { realDepth: prepared.page.realDepth }, events: recorder.events }
  },
  observe(history) {
    const note = (what: string) => history.events.filter((e) => e.type === 'note' && e.what === what).map((e) => (e as { value: Record<string, unknown> }).value)
    const snapshot = note('snapshot')[0]
    const run = history.events.find((e) => e.type === 'ok' && e.f === 'tool-output.run') as { value: ToolOutputResult } | undefined
    return {
      snapshotter: snapshot?.snapshotter ?? null,
      outputSize: snapshot?.size ?? null,
      inlineSize: run ? measure((history as ScriptedHistory).given.cap ? ((history as ScriptedHistory).given.cap as { unit: 'runes' }).unit : 'runes', run.value.inline) : null,
      spilled: run?.value.spillPath != null,
      remedies: note('remedy').map((r) => ({ ...(r.remedy as object), size: r.size })),
      recovery: note('recovery')[0] ?? null,
    }
  },
}
