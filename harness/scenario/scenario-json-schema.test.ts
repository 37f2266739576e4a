import { describe, expect, it } from 'vitest'
import { scenarioJsonSchema } from '#harness/scenario/scenario-json-schema.ts'

describe('scenarioJsonSchema', () => {
  it('is a draft-07 schema with a title and no $id', () => {
    const schema = scenarioJsonSchema()
    expect(Object.keys(schema).slice(0, 3)).toEqual(['$schema', 'title', 'description'])
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#')
    expect(schema.title).toBe('contract-kit scenario')
    expect(JSON.stringify(schema)).not.toContain('"$id"')
  })

  it('is a union over the port, each member strict', () => {
    const members = scenarioJsonSchema().oneOf as Array<{ properties: { port: { const: string } }; additionalProperties: boolean }>
    expect(members.map((member) => member.properties.port.const)).toEqual(['pager', 'session-client', 'snapshotter', 'tool-output', 'agent-log'])
    expect(members.every((member) => member.additionalProperties === false)).toBe(true)
  })

  it('describes the file as written: `by` is optional with its default', () => {
    const text = JSON.stringify(scenarioJsonSchema())
    expect(text).toContain('"required":["measure","largestItemOf"]')
    expect(text).toContain('"default":0')
  })

  it('is stable', () => {
    expect(JSON.stringify(scenarioJsonSchema())).toBe(JSON.stringify(scenarioJsonSchema()))
  })
})
