import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scenarioJsonSchema } from '#harness/scenario/scenario-json-schema.ts'
import { scenarioSchemaFile, scenarioSchemaText, writeScenarioSchema } from '#harness/scenario/write-scenario-schema.ts'

describe('writeScenarioSchema', () => {
  it('writes the schema as 2-space JSON and a final newline', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'contract-kit-schema-'))
    try {
      const file = join(folder, 'scenario.schema.json')
      await writeScenarioSchema(file)
      const text = await readFile(file, 'utf8')
      expect(text).toBe(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`)
      expect(text).toBe(scenarioSchemaText())
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('has written the committed scenarios/scenario.schema.json from the current schema', async () => {
    const committed = await readFile(scenarioSchemaFile, 'utf8').catch(() => '(missing)')
    expect(
      committed,
      'scenarios/scenario.schema.json is stale: regenerate it with `npx tsx harness/scenario/write-scenario-schema.ts`',
    ).toBe(scenarioSchemaText())
  })
})
