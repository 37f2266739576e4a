import { afterAll, describe, expect, test } from 'vitest'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { recordInProcess } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { checkSpillRoundtrip } from '#harness/contracts/spill-roundtrip.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import type { ToolOutputHistory } from '#harness/history/history.ts'
import type { ToolOutputPort } from '#harness/ports/tool-output-port.ts'
import { createToolOutput } from '#fixtures/systems/tool-output/create-tool-output.ts'
import { formatRecoveryCommand } from '#fixtures/systems/tool-output/format-recovery-command.ts'
import { toolOutputMutants } from '#fixtures/systems/tool-output/mutants/index.ts'

// recovery/spill-roundtrip judges every run of a scenario's `runs`, each run's recovery command read back after the
// last run (tool-output.spill-whole-output, "a new file"): held on the reference, broken by a later spill that replaces
// an earlier one (the rule table's mutant spills-to-one-name) and by one that cannot be made because an earlier run's
// file holds its name (a fixed name opened with O_EXCL: the second run falls back and keeps nothing).

afterAll(() => closeKitSnapshotter())

const record = async (tool: ToolOutputPort) => (await recordInProcess('tool-output/spilled-twice', { 'tool-output': tool })) as ToolOutputHistory

/** A tool that writes every spill to `snapshot.txt` with O_EXCL: the first run's spill takes the name, the second run's fails and falls back. */
function exclusiveOneNameTool(): ToolOutputPort {
  const reference = createToolOutput({ spills: false })
  return {
    async run(request) {
      const result = await reference.run(request)
      if (result.banner === '' || request.spill.policy !== 'granted') return result
      const path = join(request.spill.folder, 'snapshot.txt')
      try {
        const file = await open(path, 'wx')
        await file.writeFile(request.output, 'utf8')
        await file.close()
      } catch {
        return result // the name is taken: plain truncation, as a failed spill does
      }
      const recovery = formatRecoveryCommand(path)
      return { ...result, spillPath: path, recovery, banner: `${result.banner}\n${recovery}` }
    },
  }
}

describe('recovery/spill-roundtrip on a tool run twice in one folder (tool-output/spilled-twice)', () => {
  test('the History holds both runs: each output, answer and read-back', async () => {
    const run = toolOutputRun(await record(createToolOutput()))
    expect(run.later).toHaveLength(1)
    expect(run.later[0]).toMatchObject({ run: 2, answer: { kind: 'result' }, recovery: { ok: true, matches: true } })
    expect(run.later[0]!.output!.text).toBe(`${run.output!.text}\n(run 2)`)
    expect(run.recovery).toMatchObject({ ok: true, matches: true })
  })

  test('held on the reference: each run spilled to its own file, read back whole after the last', async () => {
    const result = checkSpillRoundtrip(await record(createToolOutput()))
    expect(result.verdict).toBe('held')
    expect(result.verdict === 'held' && result.evidence).toMatch(/; each of the 2 runs in the same folder spilled to its own file, read back whole after the last run$/)
  })

  test('broken where the second spill replaces the first (spills-to-one-name): run 1 reads back run 2', async () => {
    const mutant = toolOutputMutants.find((m) => m.name.endsWith('/spills-to-one-name'))!
    const result = checkSpillRoundtrip(await record(mutant.create()))
    expect(result.verdict === 'broken' && result.message).toMatch(/^run 1 of 2: its recovery command, read back after run 2, gives \d+ bytes where the output's \d+ are due, first different at line \d+/)
  })

  test('broken where the second spill cannot be made (its one name taken by the first): run 2 keeps nothing', async () => {
    const result = checkSpillRoundtrip(await record(exclusiveOneNameTool()))
    expect(result.verdict === 'broken' && result.message).toBe('run 2 of 2: the output was cut and the banner gives no recovery command: the rest is lost')
  })
})
