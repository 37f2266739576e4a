import { createRequire } from 'node:module'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** The one row the decoy workspace's real store holds (another workspace's agent, in a session of the same id as the run's). */
export const decoyRow = { agentId: 'decoy-gate', name: 'Gate', status: 'completed' } as const

type Database = { exec(sql: string): unknown; prepare(sql: string): { run(...params: unknown[]): unknown }; close(): unknown }

/**
 * Makes a real workspace's store in `decoy`: `db/db.sqlite` (the report's table, rollback journal, so reading it leaves
 * its bytes as they are) holding one completed row, beside a README. A run must leave every byte of it untouched.
 */
export function writeDecoyStore(decoy: string, sessionId: string): void {
  mkdirSync(join(decoy, 'db'))
  writeFileSync(join(decoy, 'db', 'README'), 'a real workspace database folder: never to be written by a test\n')
  const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => Database
  const db = new Sqlite(join(decoy, 'db', 'db.sqlite'))
  try {
    db.exec(`CREATE TABLE background_agent_log (workspace_path TEXT NOT NULL, session_id TEXT NOT NULL, agent_id TEXT NOT NULL,
      name TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL DEFAULT '', parent_execution_id TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT '', result TEXT NOT NULL DEFAULT '', error TEXT NOT NULL DEFAULT '',
      duration TEXT NOT NULL DEFAULT '', started_at TEXT NOT NULL DEFAULT '', completed_at TEXT NOT NULL DEFAULT '',
      updated_at TEXT NOT NULL, PRIMARY KEY (workspace_path, session_id, agent_id))`)
    const at = '2026-01-05T08:00:00.000Z'
    db.prepare(
      `INSERT INTO background_agent_log VALUES (?, ?, ?, ?, 'pulse-reviewer', 'exec-decoy', ?, 'approved', '', '12s', ?, ?, ?)`,
    ).run(decoy, sessionId, decoyRow.agentId, decoyRow.name, decoyRow.status, at, at, at)
  } finally {
    db.close()
  }
}
