import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { packageRoot } from '#harness/package/package-root.ts'

/** A bundled system served over HTTP by a serve-http child process, and how to end it. */
export interface ServeHttpChild {
  /** Its URL, read from stdout's first line. */
  url: string
  child: ChildProcess
  /** Ends it with SIGTERM, if it still runs, and resolves once it has exited. */
  stop(): Promise<void>
}

/**
 * Test helper: fixtures/systems/serve-http.ts started from source for one bundled system, as a user starts a service
 * (its URL is its first stdout line), with `--until-stdin-ends` so it ends with the test's process whatever happens.
 */
export async function startServeHttp(system: string): Promise<ServeHttpChild> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  const script = join(packageRoot, 'fixtures/systems/serve-http.ts')
  const child = spawn(process.execPath, ['--import', tsx, script, system, '--until-stdin-ends'], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout! })
  const exited = once(child, 'exit').then(([code]) => Promise.reject(new Error(`serve-http ${system} exited ${code} before printing its URL`)))
  exited.catch(() => {})
  const [url] = (await Promise.race([once(lines, 'line'), exited])) as [string]
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const gone = once(child, 'exit')
    child.kill('SIGTERM')
    await gone
  }
  return { url, child, stop }
}
