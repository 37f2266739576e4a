import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { measureClientStartup } from '#harness/doctor/measure-client-startup.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'

/** The processes still running whose command line holds `marker` (zombies aside). */
function running(marker: string): string[] {
  return spawnSync('ps', ['-eo', 'stat=,args='], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.includes(marker) && !line.trim().startsWith('Z'))
}

describe('measureClientStartup', () => {
  it('times each start from spawn to its first WatchSession call, with the template filled in', async () => {
    // a client as small as can be: one WatchSession call over HTTP/1.1, then it waits to be killed
    const client = `fetch(process.argv[1] + ${JSON.stringify(sessionPaths.watch)}, { method: 'POST', headers: { 'content-type': 'application/connect+json' }, body: JSON.stringify({ sessionId: process.argv[2] }) }).catch(() => {}); setInterval(() => {}, 1000)`
    const times = await measureClientStartup({ template: [process.execPath, '-e', client, '{url}', '{session}'], starts: 2 })
    expect(times.problem).toBeUndefined()
    expect(times.starts).toBe(2)
    expect(times.timesMs).toHaveLength(2)
    for (const ms of times.timesMs) expect(ms).toBeGreaterThan(0)
  })

  it('kills a client that makes no request after the wait, with every process it started, and says so', async () => {
    const marker = `doctor-hanging-client-${process.pid}`
    const client = `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '${marker}'], { stdio: 'ignore' }); console.error('waiting for nothing'); setInterval(() => {}, 1000)`
    const times = await measureClientStartup({ template: [process.execPath, '-e', client, marker, '{url}'], starts: 3, waitMs: 4_000 }) // long enough for it to start its own child and write its line
    expect(times).toMatchObject({ starts: 3, timesMs: [], problem: 'start 1 of 3: no request reached the session server within 4000 ms', problemDetails: ['last stderr:', 'waiting for nothing'] })
    expect(times.problemFix).toContain('contract-kit serve session-client')
    expect(running(marker)).toEqual([])
  })

  it('says when the client cannot be started', async () => {
    const times = await measureClientStartup({ template: ['/no/such/client', '{url}'], starts: 3 })
    expect(times.problem).toMatch(/^start 1 of 3: could not start "\/no\/such\/client": spawn \/no\/such\/client ENOENT$/)
  })
})
