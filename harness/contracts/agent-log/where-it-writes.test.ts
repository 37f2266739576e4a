import { describe, expect, test } from 'vitest'
import { createAgentLog } from '#fixtures/systems/agent-log/create-agent-log.ts'
import type { AgentLogPort } from '#harness/ports/agent-log-port.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { driveAgentLog } from '#harness/contracts/agent-log/__test-helpers__/drive-agent-log.ts'
import type { AgentLogScenarioInput } from '#harness/contracts/agent-log/__test-helpers__/drive-agent-log.ts'

// Where a store may be made and where a failure may go: scoped (only a write of a session with a workspace makes the
// store — never setup, never records), sandboxed (nothing beside the workspace, nothing under HOME, TMPDIR or XDG, the
// decoy's real store untouched) and best-effort (no store failure reaches the caller; each failed write is reported
// on stderr after it).

const result = (history: AgentLogHistory, id: string) => judgeHistory(history).contracts.find((c) => c.id === `durability/${id}`)!
/** A History whose notes named `what` are rewritten by `change`. */
const withNote = (history: AgentLogHistory, what: string, change: (value: Record<string, unknown>) => Record<string, unknown>): AgentLogHistory => ({
  ...history,
  events: history.events.map((e) => (e.type === 'note' && e.what === what ? { ...e, value: change(e.value as Record<string, unknown>) } : e)),
})

const readFirst: AgentLogScenarioInput = { steps: ['check', { start: { agent: 'gate-6' } }, { complete: { agent: 'gate-6' } }, 'check'] }
const oneRow: AgentLogScenarioInput = { steps: [{ start: { agent: 'a-1' } }, { complete: { agent: 'a-1' } }, 'check'] }
const unwritable: AgentLogScenarioInput = { given: { store: 'unwritable' }, steps: [{ start: { agent: 'gate-3' } }, { complete: { agent: 'gate-3' } }, 'check'] }

describe('durability/scoped: a read before any write', () => {
  test('held on the reference: records answered [] and no file, beside the control', async () => {
    expect(result(await driveAgentLog(readFirst, createAgentLog), 'scoped')).toMatchObject({
      verdict: 'held',
      evidence: expect.stringMatching(/^1 read of a workspace with no store yet answered \[\] and left no file in the sandbox \(listed at step 0\); the same process then wrote gate-6's row \(status completed\)/),
      figures: { listedAt: [0], controlStep: 3, chatCalls: 0 },
    })
  })
  test('broken when records (or setup) created the store before any write', async () => {
    const history = withNote(await driveAgentLog(readFirst, createAgentLog), 'sandbox at check', (v) => (v.step === 0 ? { ...v, files: ['blocker', 'workspace/', 'workspace/db/', 'workspace/db/db.sqlite'] } : v))
    expect(result(history, 'scoped')).toMatchObject({ verdict: 'broken', message: expect.stringContaining('setup or records (a read never creates the store) created workspace/db/db.sqlite'), witness: { step: 0 } })
  })
  test('a check after the first write is no evidence: not exercised, not-applicable', async () => {
    expect(result(await driveAgentLog(oneRow, createAgentLog), 'scoped')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining('every check follows its first write') })
  })
})

describe('durability/sandboxed: nowhere outside the workspace', () => {
  test('broken by a store under TMPDIR (its SQLite header, or the run’s ids in it)', async () => {
    const history = withNote(await driveAgentLog(oneRow, createAgentLog), 'sandbox', (v) => ({ ...v, outside: [{ where: 'TMPDIR', path: 'agent-log/1f.sqlite', holds: ['a-1'], sqlite: true }] }))
    expect(result(history, 'sandboxed')).toMatchObject({ verdict: 'broken', message: 'the run wrote outside its workspace, under TMPDIR: "agent-log/1f.sqlite" (a SQLite database holding a-1)', witness: { where: 'TMPDIR', outsideCount: 1 } })
  })
  test('the first store named, quoted with what cannot be seen escaped, the others counted (issue 24)', async () => {
    const stores = [
      { where: 'HOME', path: '.cache/agent\u200B-log.sqlite', holds: [], sqlite: true },
      { where: 'TMPDIR', path: 'agent-log/1f.sqlite', holds: ['a-1'], sqlite: true },
    ]
    const history = withNote(await driveAgentLog(oneRow, createAgentLog), 'sandbox', (v) => ({ ...v, outside: stores }))
    expect(result(history, 'sandboxed')).toMatchObject({
      verdict: 'broken',
      message: 'the run wrote outside its workspace, under HOME: ".cache/agent\\u{200B}-log.sqlite" (a SQLite database), and 1 more file outside it',
      witness: { outsideCount: 2 },
    })
  })
  test('unknown where the run made only folders inside the workspace: a folder is no store, so where it writes was never seen', async () => {
    const history = withNote(await driveAgentLog(oneRow, createAgentLog), 'sandbox', (v) => ({ ...v, files: (v.files as string[]).filter((f) => f.endsWith('/')) }))
    expect(result(history, 'sandboxed')).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no file inside its sandbox, only 1 folder (workspace/db/)') })
  })
  test('held where a call failed but the store was seen written inside the workspace: the evidence is the store, not the answers', async () => {
    const log = (): AgentLogPort => {
      const inner = createAgentLog()
      return { ...inner, agentCompleted: async (e) => (await inner.agentCompleted(e), Promise.reject(new Error('answered late'))) }
    }
    const history = await driveAgentLog(oneRow, log)
    expect(result(history, 'sandboxed')).toMatchObject({ verdict: 'held', evidence: expect.stringContaining('after 2 start and completion calls (1 answered), which wrote'), figures: { writes: 1 } })
  })
  test('a file under HOME that is no store and holds none of the run’s ids is no finding (a tool’s cache)', async () => {
    const history = withNote(await driveAgentLog(oneRow, createAgentLog), 'sandbox', (v) => ({ ...v, watched: ['HOME', 'TMPDIR', 'XDG_CACHE_HOME'], outside: [{ where: 'HOME', path: '.npm/_logs/debug.log', holds: [], sqlite: false }] }))
    expect(result(history, 'sandboxed')).toMatchObject({ verdict: 'held', evidence: expect.stringContaining('HOME, TMPDIR and the 1 XDG folder hold none of its records (1 other file written there: HOME/.npm/_logs/debug.log)') })
  })
  test('broken by a file in the working folder beside the workspace', async () => {
    const history = withNote(await driveAgentLog(oneRow, createAgentLog), 'sandbox', (v) => ({ ...v, files: [...(v.files as string[]), 'db/', 'db/db.sqlite'] }))
    expect(result(history, 'sandboxed')).toMatchObject({ verdict: 'broken', witness: { besideWorkspace: ['db/db.sqlite', 'db/'] } })
  })
})

describe('durability/best-effort: no store failure reaches the caller, each failed write reported after it', () => {
  const withStderr = (stderr: string) => ({ stderr })
  test('broken by a banner before the first failing write and nothing after it', async () => {
    const banner = (): AgentLogPort => createAgentLog({ onWriteFailure: 'silent' })
    const history = await driveAgentLog(unwritable, banner, withStderr('agent-log: ready\n'))
    expect(result(history, 'best-effort')).toMatchObject({ verdict: 'broken', witness: { writes: 2, reported: 0 } })
  })
  /** A log whose start and completion (the store unwritable) each write `said(call)` on stderr, or nothing. */
  const saying = (said: (f: string) => string): (() => AgentLogPort) => () => {
    const log = createAgentLog({ onWriteFailure: 'silent' })
    const say = (f: string) => void process.stderr.write(said(f))
    return { ...log, agentStarted: async (e) => (await log.agentStarted(e), say('started')), agentCompleted: async (e) => (await log.agentCompleted(e), say('completed')) }
  }
  test('broken when fewer lines than failed writes come after the first of them', async () => {
    const once = saying((f) => (f === 'started' ? 'agent-log: write failed: ENOTDIR\n' : ''))
    expect(result(await driveAgentLog(unwritable, once), 'best-effort')).toMatchObject({ verdict: 'broken', witness: { writes: 2, reported: 1 } })
  })
  test('a line that only looks like a report is quoted with what cannot be seen escaped: a no-break space (issue 24)', async () => {
    const nbsp = saying(() => 'agent-log: write failed:\u00A0ENOTDIR\n')
    expect(result(await driveAgentLog(unwritable, nbsp), 'best-effort')).toMatchObject({
      verdict: 'broken',
      message: 'the store could not take 2 writes, and stderr reported none of them after the failing write (an "agent-log: write failed: <reason>" line each); it said: "agent-log: write failed:\\u{00A0}ENOTDIR"',
    })
  })
  test('a line with a prefix (a time, a level) counts', async () => {
    const prefixed = saying(() => '2026-08-12 09:00:00 ERROR agent-log: write failed: ENOTDIR\n')
    expect(result(await driveAgentLog(unwritable, prefixed), 'best-effort')).toMatchObject({ verdict: 'held', figures: { stderrLines: 2 } })
  })
  test('broken by an error answered to setup or to records, in any scenario', async () => {
    const setupFails = (): AgentLogPort => ({ ...createAgentLog(), setup: async () => Promise.reject(new Error('ENOTDIR')) })
    expect(result(await driveAgentLog(oneRow, setupFails), 'best-effort')).toMatchObject({ verdict: 'broken', witness: { failed: [{ f: 'agent-log.setup', step: -1 }] } })
    const readFails = (): AgentLogPort => ({ ...createAgentLog(), records: async () => Promise.reject(new Error('SQLITE_CANTOPEN')) })
    expect(result(await driveAgentLog(oneRow, readFails), 'best-effort')).toMatchObject({ verdict: 'broken', witness: { failed: [{ f: 'agent-log.records', step: 2 }] } })
  })
  test('the first failed call named, the others counted beside it (issue 24)', async () => {
    const fails = (): AgentLogPort => ({ ...createAgentLog(), agentStarted: async () => Promise.reject(new Error('disk full')), agentCompleted: async () => Promise.reject(new Error('disk full')) })
    expect(result(await driveAgentLog(oneRow, fails), 'best-effort')).toMatchObject({
      verdict: 'broken',
      message: 'agent-log.agentStarted failed the agent a-1: "agent-log.agentStarted threw: disk full" (and 1 more call failed)',
      witness: { failedCalls: 2, calls: 2 },
    })
  })
  test('an implementation’s error text is quoted with what cannot be seen escaped, and cut (issue 24)', async () => {
    const setupFails = (): AgentLogPort => ({ ...createAgentLog(), setup: async () => Promise.reject(new Error(`\u001b[31mENOTDIR\u001b[0m\u200B ${'x'.repeat(200)}`)) })
    const { message } = result(await driveAgentLog(oneRow, setupFails), 'best-effort') as { message: string }
    expect(message).toMatch(/^agent-log\.setup answered an error when its process started: ".*\\u\{001B\}\[31mENOTDIR\\u\{001B\}\[0m\\u\{200B\} x+"…$/)
    expect(message).not.toMatch(/[\u001b\u200b]/)
  })
})

describe('durability/scoped: a session that drops its workspace writes nothing', () => {
  const chatAfter: AgentLogScenarioInput = {
    steps: [
      { start: { agent: 'gate-1' } },
      'check',
      { setup: { workspace: 'none' } },
      { start: { agent: 'helper-2' } },
      'check',
      { setup: { workspace: 'sandboxed' } },
      { start: { agent: 'review-3' } },
      'check',
    ],
  }
  test('held on the reference: back in its workspace, its own rows and none of the chat’s', async () => {
    expect(result(await driveAgentLog(chatAfter, createAgentLog), 'scoped')).toMatchObject({
      verdict: 'held',
      evidence: "the check of step 7, in session session-plat-114's workspace, showed its own 2 rows (gate-1, review-3) and none of the 1 agent the session recorded with no workspace (helper-2)",
    })
  })
  test('broken (scoped, not sessions-apart) by a log that keeps the workspace it had when set up with none', async () => {
    const keeps = (): AgentLogPort => {
      const log = createAgentLog()
      let workspace: string | null = null
      return { ...log, setup: async (s) => log.setup({ ...s, workspacePath: (workspace = s.workspacePath ?? workspace) }) }
    }
    const history = await driveAgentLog(chatAfter, keeps)
    expect(result(history, 'scoped')).toMatchObject({ verdict: 'broken', message: expect.stringContaining("recorded helper-2 while it had no workspace (step 3), yet the check of step 7, in its workspace, shows helper-2's record") })
    expect(result(history, 'sessions-apart').verdict).not.toBe('broken')
  })
  test('broken by a file made while it had no workspace, after the workspace was written', async () => {
    const history = withNote(await driveAgentLog(chatAfter, createAgentLog), 'sandbox at check', (v) => (v.step === 4 ? { ...v, files: [...(v.files as string[]), 'db/', 'db/db.sqlite'] } : v))
    expect(result(history, 'scoped')).toMatchObject({ verdict: 'broken', witness: { files: ['db/db.sqlite', 'db/'], step: 4, before: 1 } })
  })
})

describe('durability/scoped: quiet checks without a control of their own', () => {
  test('a chat check whose only later check is in another process is judged on the workspace check after it (found by the explorer)', async () => {
    const steps: AgentLogScenarioInput = {
      given: { workspace: 'none' },
      steps: [{ start: { agent: 'gate-1' } }, 'check', { setup: { workspace: 'sandboxed' } }, 'restart', { complete: { agent: 'gate-10' } }, 'check'],
    }
    expect(result(await driveAgentLog(steps, createAgentLog, { observes: ['files', 'pid', 'kill-restart'] }), 'scoped')).toMatchObject({
      verdict: 'held',
      evidence: "the check of step 5, in session session-plat-114's workspace, showed its own 1 row (gate-10) and none of the 1 agent the session recorded with no workspace (gate-1)",
    })
  })
})
