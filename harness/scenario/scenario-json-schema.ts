import { z } from 'zod'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'

/** The JSON Schema (draft-07, for editors) of a scenario file as written, generated from the zod schema. */
export function scenarioJsonSchema(): Record<string, unknown> {
  const { $schema, $id: _id, title: _title, description: _description, ...body } = z.toJSONSchema(scenarioSchema, {
    target: 'draft-07',
    io: 'input',
    unrepresentable: 'throw',
  })
  return {
    $schema,
    title: 'contract-kit scenario',
    description:
      'A contract-kit scenario file: data only. Its case id is its path under scenarios/ without .yaml. See docs/scenarios.md.',
    ...body,
  }
}
