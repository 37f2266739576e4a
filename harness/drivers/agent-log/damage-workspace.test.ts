import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { damagedLine, damageWorkspace } from '#harness/drivers/agent-log/damage-workspace.ts'

// The corrupt step's fault: every regular file under the workspace overwritten in place with a line no store reads;
// nothing followed, nothing outside the workspace reached.

let top: string
beforeEach(() => void (top = mkdtempSync(join(tmpdir(), 'contract-kit-damage-'))))
afterEach(() => rmSync(top, { recursive: true, force: true }))

describe('damageWorkspace', () => {
  test('overwrites every regular file in place (the same inode), at any depth, and a SQLite store no longer opens', () => {
    const workspace = join(top, 'ws')
    mkdirSync(join(workspace, 'db'), { recursive: true })
    const Sqlite = createRequire(import.meta.url)('better-sqlite3')
    const db = new Sqlite(join(workspace, 'db', 'db.sqlite'))
    db.exec('CREATE TABLE t (x TEXT); INSERT INTO t VALUES (1)')
    db.close()
    writeFileSync(join(workspace, 'log.jsonl'), '{"agentId":"gate-1"}\n')
    const inode = statSync(join(workspace, 'db', 'db.sqlite')).ino
    expect(damageWorkspace(workspace)).toEqual({ damaged: ['db/db.sqlite', 'log.jsonl'], left: [] })
    expect(statSync(join(workspace, 'db', 'db.sqlite')).ino).toBe(inode)
    for (const file of ['db/db.sqlite', 'log.jsonl']) expect(readFileSync(join(workspace, file), 'utf8')).toBe(damagedLine)
    expect(() => JSON.parse(damagedLine)).toThrow()
    const reopened = new Sqlite(join(workspace, 'db', 'db.sqlite'))
    expect(() => reopened.prepare('SELECT x FROM t').all()).toThrow(/not a database/)
    reopened.close()
  })

  test('leaves a symbolic link and a hard-linked file alone, and what they point at unchanged', () => {
    const workspace = join(top, 'ws')
    mkdirSync(workspace)
    writeFileSync(join(top, 'outside'), 'outside the workspace\n')
    symlinkSync(join(top, 'outside'), join(workspace, 'link'))
    linkSync(join(top, 'outside'), join(workspace, 'hard'))
    execFileSync('mkfifo', [join(workspace, 'pipe')])
    const { damaged, left } = damageWorkspace(workspace)
    expect(damaged).toEqual([])
    expect(left.map((l) => l.path)).toEqual(['hard', 'link', 'pipe'])
    expect(left[0]!.reason).toMatch(/2 links/)
    expect(readFileSync(join(top, 'outside'), 'utf8')).toBe('outside the workspace\n')
  })

  test('a workspace that is not there (no write made it, or it lies under a regular file) has nothing to damage', () => {
    writeFileSync(join(top, 'blocker'), 'a regular file\n')
    expect(damageWorkspace(join(top, 'blocker', 'ws'))).toEqual({ damaged: [], left: [] })
    expect(damageWorkspace(join(top, 'missing'))).toEqual({ damaged: [], left: [] })
  })
})
