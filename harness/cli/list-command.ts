import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { parseFlags, selectionOptions, selectRun } from '#harness/cli/select-run.ts'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import { planAdapterOfProfile } from '#harness/profiles/plan-adapter-of-profile.ts'
import { planScenarios } from '#harness/runner/plan-scenarios.ts'

/** `contract-kit list`: prints the selected scenarios (or, with `--systems`, every shipped system) (id, port, title, and the contracts each exercises) and adapters (and profiles, with what each would run); exit 2 when nothing is selected. */
export async function listCommand(args: string[]): Promise<number> {
  const { values } = parseFlags({ args, options: { ...selectionOptions, profile: { type: 'string', multiple: true }, systems: { type: 'boolean', default: false } }, allowPositionals: false, strict: true })
  if (values.systems) return listSystems()
  const profiles = (values.profile ?? []).map((file) => loadProfile(file))
  const { scenarios, adapters } = await selectRun({ ...values, adapter: values.adapter ?? (profiles.length > 0 ? [] : undefined) })
  const width = Math.max(...scenarios.map((s) => s.id.length))
  console.log('scenarios:')
  const portWidth = Math.max(...scenarios.map((s) => s.scenario.port.length))
  for (const s of scenarios) {
    console.log(`  ${s.id.padEnd(width)}  ${s.scenario.port.padEnd(portWidth)}  ${s.scenario.title}`)
    console.log(`    exercises ${s.exercises.join(', ')}${s.scenario.contracts ? '' : ' (derived from its steps)'}`)
  }
  if (adapters.length > 0) console.log('adapters:')
  for (const a of adapters) console.log(`  ${a}`)
  if (profiles.length > 0) console.log('profiles:')
  for (const p of profiles) {
    const runs = planScenarios(planAdapterOfProfile(p), scenarios).length
    console.log(`  ${p.name} (${p.given}): ${p.transport}, ports ${p.ports.join(', ')}; ${runs} of the selected scenarios; ${p.expectations.filter((e) => e.kind !== 'flaky').length} known-failing, ${p.expectations.filter((e) => e.kind === 'flaky').length} known-flaky`)
  }
  return 0
}

/** `contract-kit list --systems`: every system the kit ships, by kind — each can be named with `--adapter`. */
async function listSystems(): Promise<number> {
  const { bundled, mutants, silent } = await loadShippedSystems()
  const kinds: Array<[string, Record<string, unknown>]> = [
    ['bundled systems (the main job runs them)', bundled],
    ['mutants (one fault each, made to break one contract; --adapter NAME, or NAME@stdio for a server-side port)', mutants],
    ['silent systems (they do nothing useful: never held)', silent],
  ]
  for (const [kind, systems] of kinds) {
    console.log(`${kind}:`)
    for (const name of Object.keys(systems).sort()) console.log(`  ${name}`)
  }
  return 0
}
