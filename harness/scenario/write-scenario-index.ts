import { existsSync, renameSync, writeFileSync } from 'node:fs'
import { listScenarioFiles, validateScenarioText } from '#harness/scenario/load-scenarios.ts'
import { readYamlSource } from '#harness/scenario/read-yaml-source.ts'
import { scenarioDigest, scenarioIndexBytes, scenarioIndexFile } from '#harness/scenario/scenario-index.ts'
import type { IndexedScenario } from '#harness/scenario/scenario-index.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

/**
 * Writes the index of the bundled scenarios beside the compiled kit (run by `npm run build` once the kit is compiled):
 * each scenario text validated, by its digest, so that loading an unchanged bundled scenario skips the YAML, the
 * schema and the fixtures its exercised contracts are decided from. A bundled scenario that does not validate fails
 * the build with its one-line error. No bundled scenarios (a kit compiled elsewhere): no index.
 */
async function main(): Promise<void> {
  if (!existsSync(scenarioRoot)) return
  const entries = new Map<string, IndexedScenario>()
  for (const { file } of await listScenarioFiles(scenarioRoot)) {
    const source = readYamlSource(file, 'scenario file')
    entries.set(scenarioDigest(source), validateScenarioText(file, source))
  }
  writeFileSync(`${scenarioIndexFile}.partial`, scenarioIndexBytes(entries))
  renameSync(`${scenarioIndexFile}.partial`, scenarioIndexFile)
}

main().catch((error: unknown) => {
  process.stderr.write(`write-scenario-index: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
