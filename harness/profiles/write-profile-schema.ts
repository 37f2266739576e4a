import { writeFile } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { z } from 'zod'
import { profileSchema } from '#harness/profiles/profile-schema.ts'

/** Where the profile JSON Schema is committed: `examples/profile.schema.json`. */
export const profileSchemaFile = fileURLToPath(new URL('../../examples/profile.schema.json', import.meta.url))

/** The text of the profile JSON Schema (draft-07, for editors), generated from the zod schema: 2-space JSON and a final newline. */
export function profileSchemaText(): string {
  const { $schema, ...body } = z.toJSONSchema(profileSchema, { target: 'draft-07', io: 'input', unrepresentable: 'throw' })
  const schema = { $schema, title: 'contract-kit profile', description: 'One implementation under test: how to start it, its ports, and what it is known to fail. See docs/profiles.md.', ...body }
  return `${JSON.stringify(schema, null, 2)}\n`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(profileSchemaFile, profileSchemaText())
  console.log(`wrote ${profileSchemaFile}`)
}
