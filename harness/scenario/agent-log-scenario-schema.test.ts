import { describe, expect, test } from 'vitest'
import { agentLogScenarioSchema } from '#harness/scenario/agent-log-scenario-schema.ts'

// Agent-log scenarios name any number of sessions: `given.session` starts the run, `setup: { session }` opens another
// (or goes back to one) in the same process, alone or with another workspace.

const parse = (fields: object) => agentLogScenarioSchema.safeParse({ title: 't', port: 'agent-log', ...fields })
const message = (fields: object) => {
  const result = parse(fields)
  return result.success ? undefined : result.error.issues[0]!.message
}

describe('agentLogScenarioSchema: sessions', () => {
  test('the run starts with session-plat-114 unless given names another', () => {
    expect(parse({ steps: ['check'] })).toMatchObject({ success: true, data: { given: { session: 'session-plat-114', workspace: 'sandboxed', store: 'writable', uiEventCap: 200 } } })
    expect(parse({ given: { session: 'pulse-a' }, steps: ['check'] })).toMatchObject({ success: true, data: { given: { session: 'pulse-a' } } })
  })
  test('a setup step names a session, a workspace, or both', () => {
    const steps = [{ setup: { session: 'pulse-b' } }, { setup: { workspace: 'none' } }, { setup: { session: 'pulse-a', workspace: 'sandboxed' } }, 'check']
    expect(parse({ steps })).toMatchObject({ success: true, data: { steps } })
  })
  test('an empty setup, a session id not in kebab-case, and an unknown key are refused, saying what is expected', () => {
    expect(message({ steps: [{ setup: {} }, 'check'] })).toBe('expected a workspace (sandboxed or none) or a session id, or both (a setup of the same session is `reuse`)')
    expect(message({ steps: [{ setup: { session: 'Pulse A' } }, 'check'] })).toBe('expected a session id in kebab-case, got "Pulse A"')
    expect(message({ given: { session: '' }, steps: ['check'] })).toBe('expected a session id in kebab-case, got ""')
    expect(message({ steps: [{ setup: { sesion: 'a' } }, 'check'] })).toBe('unknown key, expected one of workspace, session')
  })
})
