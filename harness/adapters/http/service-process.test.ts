import { describe, expect, it } from 'vitest'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { gone } from '#harness/adapters/__test-helpers__/gone.ts'
import { ServiceProcess } from '#harness/adapters/http/service-process.ts'

/** Whether a process id still names a running process (not gone, nor a zombie waiting to be reaped). */
const running = (pid: number): boolean => !gone(pid)

describe('ServiceProcess', () => {
  it('reads its first stdout line, keeps its stderr, and close ends it and a process it started in a session of its own', async () => {
    // the service starts a child that leaves its process group (setsid-like: detached), then prints that child's pid
    const script = [
      "const { spawn } = require('node:child_process')",
      "const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' })",
      "console.error('listening soon')",
      "console.log(String(child.pid)); console.log('a second line, never read')",
      'setInterval(() => {}, 1000)',
    ].join('\n')
    const service = await ServiceProcess.start({ command: [process.execPath, '-e', script], closeGraceMs: 500 })
    const line = await service.stdoutFirstLine()
    const grandchild = Number(line)
    expect(grandchild).toBeGreaterThan(0)
    expect(running(service.pid!)).toBe(true)
    expect(running(grandchild)).toBe(true)
    await service.close()
    expect(service.exitStatus).toBe('was killed by SIGTERM')
    expect(service.stderr()).toBe('listening soon\n')
    expect(running(service.pid!)).toBe(false)
    expect(running(grandchild)).toBe(false)
  })

  it('says how it ended and shows the end of its stderr, or that stderr was empty', async () => {
    const noisy = await ServiceProcess.start({ command: [process.execPath, '-e', "console.error('no store'); process.exit(5)"] })
    await noisy.exited
    expect(noisy.exitStatus).toBe('exited with code 5')
    expect(noisy.stderrNote()).toBe('last stderr:\nno store\n')
    await noisy.close()
    const quiet = await ServiceProcess.start({ command: [process.execPath, '-e', ''] })
    expect(await quiet.stdoutFirstLine()).toBeNull()
    await quiet.close()
    expect(quiet.stderrNote()).toBe('(stderr was empty)')
  })

  it('a program that is not there is a spawn error naming it', async () => {
    const error = await adapterRejection(ServiceProcess.start({ command: ['contract-kit-no-such-service'] }))
    expect(error.failure).toBe('spawn')
    expect(error.message).toContain('could not start ["contract-kit-no-such-service"]: spawn contract-kit-no-such-service ENOENT (is the program installed and on PATH')
    expect((await adapterRejection(ServiceProcess.start({ command: [] }))).message).toBe('cannot start a service: the command is empty')
  })
})
