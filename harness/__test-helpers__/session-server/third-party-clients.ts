import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const here = (path: string) => fileURLToPath(new URL(`../../../examples/clients/${path}`, import.meta.url))
const args = ['watch', '--url', '{url}', '--session', '{session}', '--timeout', '{timeout}', '--try-timeout', '{tryTimeout}', '-o', '{output}']

/** One example session client on a third-party HTTP/2 stack: its name and its command template, or why it cannot run here. */
export interface ThirdPartyClient {
  name: string
  stack: string
  template?: string[]
  cannotRun?: string
}

/** The first Python interpreter that imports httpx and h2 (python3 on PATH, then Debian's /usr/bin/python3), or undefined. */
export function pythonWithHttpxH2(): string | undefined {
  for (const python of ['python3', '/usr/bin/python3']) {
    try {
      execFileSync(python, ['-c', 'import httpx, h2'], { stdio: 'ignore' })
      return python
    } catch {
      // not this one
    }
  }
  return undefined
}

/** Test helper: the example clients of examples/clients/, each run as a command: node:http2, undici with allowH2, Python httpx + h2. */
export function thirdPartyClients(): ThirdPartyClient[] {
  const python = pythonWithHttpxH2()
  return [
    { name: 'node-http2', stack: `node:http2 (Node ${process.versions.node})`, template: [process.execPath, here('node-http2/client.mjs'), ...args] },
    { name: 'undici', stack: 'undici 7 (allowH2, useH2c)', template: [process.execPath, here('undici/client.mjs'), ...args] },
    python
      ? { name: 'python-httpx', stack: `httpx + h2 (${python})`, template: [python, here('python-httpx/session_client.py'), ...args] }
      : { name: 'python-httpx', stack: 'httpx + h2', cannotRun: 'no python3 here imports httpx and h2: install them (Debian: apt-get install python3-httpx python3-h2, as .ci/run does)' },
  ]
}
