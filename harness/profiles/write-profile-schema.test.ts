import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { profileSchemaFile, profileSchemaText } from '#harness/profiles/write-profile-schema.ts'

describe('the profile JSON Schema', () => {
  it('is committed as examples/profile.schema.json, generated from the current zod schema', async () => {
    const committed = await readFile(profileSchemaFile, 'utf8').catch(() => '(missing)')
    expect(committed, 'examples/profile.schema.json is stale: regenerate it with `npm run schema`').toBe(profileSchemaText())
  })

  it('lists the fields a profile has and requires a link on every entry', () => {
    const schema = JSON.parse(profileSchemaText()) as { required: string[]; properties: Record<string, { items?: { required?: string[] } }> }
    // command (stdio, command) or url (http) is required by transport: loadProfile checks it, naming the field
    expect(schema.required).toEqual(['name', 'ports', 'transport'])
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['command', 'url', 'start', 'startTimeoutMs']))
    expect(schema.properties.knownFailing?.items?.required).toEqual(['case', 'reason', 'link'])
    expect(schema.properties.knownFlaky?.items?.required).toEqual(['case', 'reason', 'link'])
  })
})
