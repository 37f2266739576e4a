import { parseFlags, selectionOptions, selectRun } from '#harness/cli/select-run.ts'

/** `contract-kit list`: prints the selected scenarios (id, port, title) and adapters; exit 2 when nothing is selected. */
export async function listCommand(args: string[]): Promise<number> {
  const { values } = parseFlags({ args, options: selectionOptions, allowPositionals: false, strict: true })
  const { scenarios, adapters } = await selectRun(values)
  const width = Math.max(...scenarios.map((s) => s.id.length))
  console.log('scenarios:')
  const portWidth = Math.max(...scenarios.map((s) => s.scenario.port.length))
  for (const s of scenarios) console.log(`  ${s.id.padEnd(width)}  ${s.scenario.port.padEnd(portWidth)}  ${s.scenario.title}`)
  console.log('adapters:')
  for (const a of adapters) console.log(`  ${a}`)
  return 0
}
