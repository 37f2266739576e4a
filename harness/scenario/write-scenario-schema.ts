import { writeFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { scenarioJsonSchema } from '#harness/scenario/scenario-json-schema.ts'

/** Where the scenario JSON Schema is committed: `scenarios/scenario.schema.json`. */
export const scenarioSchemaFile = fileURLToPath(new URL('../../scenarios/scenario.schema.json', import.meta.url))

/** The text of the scenario JSON Schema file: 2-space JSON and a final newline. */
export function scenarioSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`
}

/** Writes the scenario JSON Schema to `file` (by default the committed one). */
export async function writeScenarioSchema(file = scenarioSchemaFile): Promise<void> {
  await writeFile(file, scenarioSchemaText())
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeScenarioSchema()
  console.log(`wrote ${scenarioSchemaFile}`)
}
