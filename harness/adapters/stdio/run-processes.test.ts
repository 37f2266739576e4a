import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { environHolds, readProc, readProcTable } from '#harness/adapters/stdio/proc-table.ts'
import { markedEnvironment, runMarkerVariable } from '#harness/adapters/stdio/run-marker.ts'
import { RunProcesses } from '#harness/adapters/stdio/run-processes.ts'
import { endRunProcesses } from '#harness/adapters/stdio/end-run-processes.ts'
import { gone } from '#harness/adapters/__test-helpers__/gone.ts'

// A parent that starts a child in a session of its own with an empty environment (no marker), prints its pid, and
// waits for its stdin to close.
const parentScript = `const { spawn } = require('node:child_process')
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore', env: {} })
child.unref()
process.stdout.write(child.pid + '\\n')
process.stdin.resume()`

describe.runIf(process.platform === 'linux')('RunProcesses', () => {
  it('reads a process from /proc, and finds the marker in its environment', async () => {
    const { token, env } = markedEnvironment({ PATH: process.env.PATH, [runMarkerVariable]: 'outer' })
    expect(env[runMarkerVariable]).toBe(`outer,${token}`)
    const child = spawn(process.execPath, ['-e', 'process.stdin.resume()'], { env, stdio: ['pipe', 'ignore', 'ignore'] })
    await once(child, 'spawn')
    expect(readProc(child.pid!)).toMatchObject({ pid: child.pid, ppid: process.pid, comm: 'node' })
    expect(environHolds(child.pid!, runMarkerVariable, token)).toBe(true)
    expect(environHolds(child.pid!, runMarkerVariable, 'outer')).toBe(true)
    expect(environHolds(child.pid!, runMarkerVariable, 'other')).toBe(false)
    child.stdin.end()
    await once(child, 'exit')
  })

  it('learns a setsid child with a cleared environment by parentage, and ends it after its parent exits', async () => {
    const { token, env } = markedEnvironment(undefined)
    const parent = spawn(process.execPath, ['-e', parentScript], { env, stdio: ['pipe', 'pipe', 'ignore'] })
    const [line] = (await once(parent.stdout, 'data')) as [Buffer]
    const orphan = Number(line.toString().trim())
    try {
      const run = new RunProcesses(parent.pid!, token)
      run.learn(readProcTable()) // while the parent runs: the child is its child
      expect(environHolds(orphan, runMarkerVariable, token)).toBe(false)
      parent.stdin.end()
      await once(parent, 'exit')
      const found = run.find() // reparented, in another session, unmarked: known only by what was learnt
      expect(found.map((entry) => entry.pid)).toEqual([orphan])
      expect(run.describe(found)).toBe(`pid ${orphan} (node, a session of its own)`)
      expect((await endRunProcesses(run, 100)).map((entry) => entry.pid)).toEqual([orphan])
      expect(gone(orphan)).toBe(true)
      expect(run.find()).toEqual([])
    } finally {
      parent.kill('SIGKILL')
      if (!gone(orphan)) process.kill(orphan, 'SIGKILL')
    }
  })
})
