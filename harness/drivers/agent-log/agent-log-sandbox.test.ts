import { afterEach, describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { existsSync, linkSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { createRequire } from 'node:module'
import { createAgentLogSandbox } from '#harness/drivers/agent-log/agent-log-sandbox.ts'
import type { AgentLogSandbox } from '#harness/drivers/agent-log/agent-log-sandbox.ts'
import { decoyRow } from '#harness/drivers/agent-log/decoy-store.ts'

// The folders of one agent-log run: the sandbox inside a decoy workspace that holds a real store, and the folders
// HOME, TMPDIR and the XDG variables point at, in which a store (or the run's ids) is a write outside the workspace.

let sandbox: AgentLogSandbox | undefined
afterEach(() => sandbox?.remove())

describe('createAgentLogSandbox', () => {
  test('the decoy holds a real store with a row, and the sandbox sits inside the decoy', () => {
    sandbox = createAgentLogSandbox('writable', 'session-plat-114')
    expect(relative(sandbox.decoy, sandbox.root)).toMatch(/^sandbox-/)
    const Sqlite = createRequire(import.meta.url)('better-sqlite3')
    const db = new Sqlite(join(sandbox.decoy, 'db', 'db.sqlite'), { readonly: true })
    expect(db.prepare('SELECT agent_id, session_id, workspace_path FROM background_agent_log').all()).toEqual([{ agent_id: decoyRow.agentId, session_id: 'session-plat-114', workspace_path: sandbox.decoy }])
    db.close()
    // reading it (a rollback journal, not WAL) leaves it byte for byte as it was
    expect(Object.keys(sandbox.scanDecoy()).sort()).toEqual(['db', 'db/README', 'db/db.sqlite'])
    expect(sandbox.list().sort()).toEqual(['blocker', 'workspace/'])
  })
  test('HOME, TMPDIR and the XDG folders: empty folders outside the sandbox and the decoy', () => {
    sandbox = createAgentLogSandbox('unwritable', 's')
    expect(Object.keys(sandbox.watched.env)).toEqual(['HOME', 'TMPDIR', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_RUNTIME_DIR'])
    for (const folder of Object.values(sandbox.watched.env)) {
      expect(existsSync(folder)).toBe(true)
      expect(relative(sandbox.decoy, folder).startsWith('..')).toBe(true)
    }
    expect(existsSync(sandbox.workspace)).toBe(false)
  })
  test('writesSince: each file made or changed, the run’s ids it holds, whether it is a SQLite database', () => {
    sandbox = createAgentLogSandbox('writable', 's')
    const { env } = sandbox.watched
    writeFileSync(join(env.HOME, 'unchanged'), 'x')
    const before = sandbox.watched.scan()
    mkdirSync(join(env.TMPDIR, 'agent-log'))
    writeFileSync(join(env.TMPDIR, 'agent-log', 'a.sqlite'), Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.from('...gate-4...')]))
    writeFileSync(join(env.XDG_CACHE_HOME, 'tool.json'), '{"compiled": true}')
    expect(sandbox.watched.writesSince(before, ['gate-4', 'session-plat-114'])).toEqual([
      { where: 'TMPDIR', path: 'agent-log/a.sqlite', holds: ['gate-4'], sqlite: true },
      { where: 'XDG_CACHE_HOME', path: 'tool.json', holds: [], sqlite: false },
    ])
    expect(readFileSync(join(env.HOME, 'unchanged'), 'utf8')).toBe('x')
  })
  test('writesSince never opens a pipe left there, and lists a hard link or a file past 64 MiB without loading it', { timeout: 5_000 }, () => {
    sandbox = createAgentLogSandbox('writable', 's')
    const { env } = sandbox.watched
    const before = sandbox.watched.scan()
    execFileSync('mkfifo', [join(env.XDG_RUNTIME_DIR, 'bus.pipe')])
    writeFileSync(join(sandbox.workspace, 'store.txt'), 'gate-4')
    linkSync(join(sandbox.workspace, 'store.txt'), join(env.HOME, 'store.txt'))
    writeFileSync(join(env.TMPDIR, 'big.bin'), 'gate-4')
    truncateSync(join(env.TMPDIR, 'big.bin'), 1024 * 1024 * 1024)
    expect(sandbox.watched.writesSince(before, ['gate-4'])).toEqual([
      { where: 'HOME', path: 'store.txt', holds: [], sqlite: false, refused: expect.stringMatching(/^a regular file with 2 links/) },
      { where: 'TMPDIR', path: 'big.bin', holds: ['gate-4'], sqlite: false },
    ])
  })
})
