// A hostile stdio implementation for the kit's own tests: it answers `initialize`, then misbehaves as argv[2] says
// when the kit calls `misbehave` (or `pager.read`). Never run by the kit outside its tests.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const mode = process.argv[2]
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`)
const chunk = (byte) => Buffer.alloc(64 * 1024, byte)
const sleeper = 'setInterval(() => {}, 1000)'

/** Writes `bytes` to `stream` for ever, as fast as the reader takes them. */
function flood(stream, bytes) {
  const pump = () => {
    while (stream.write(bytes)) {}
    stream.once('drain', pump)
  }
  pump()
}

/** A double fork: a child in a session of its own starts a grandchild in another session and exits; resolves with the grandchild's pid. */
function daemonise() {
  const middle = `const { spawn } = await import('node:child_process')
const daemon = spawn(process.execPath, ['-e', ${JSON.stringify(sleeper)}], { detached: true, stdio: 'ignore' })
daemon.unref()
process.stdout.write(String(daemon.pid))`
  const child = spawn(process.execPath, ['--input-type=module', '-e', middle], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] })
  let pid = ''
  child.stdout.on('data', (data) => (pid += data))
  return new Promise((resolve) => child.on('close', () => resolve(Number(pid))))
}

const behaviours = {
  // a line with no end: 64 KiB chunks of "x" and never a newline
  'line-flood': () => flood(process.stdout, chunk(0x78)),
  // blank lines without end, each one harmless on its own
  'blank-flood': () => flood(process.stdout, chunk(0x0a)),
  // logs without end
  'stderr-flood': () => flood(process.stderr, chunk(0x65)),
  // pages of 15 MiB (each under every per-call limit) whose cursor never ends: a walk reads them until a bound stops it
  'endless-pages': (id) => send({ jsonrpc: '2.0', id, result: { items: ['z'.repeat(15 * 1024 * 1024)], cursor: `c-${id}` } }),
  // one complete answer of 20 MiB
  'huge-answer': (id) => send({ jsonrpc: '2.0', id, result: { items: ['y'.repeat(20 * 1024 * 1024)], cursor: null } }),
  // a child in a session of its own keeps stdout open; the implementation then exits
  'setsid-holds-stdout': (id) => {
    const child = spawn(process.execPath, ['-e', sleeper], { detached: true, stdio: ['ignore', 'inherit', 'ignore'] })
    send({ jsonrpc: '2.0', id, result: { pid: child.pid } })
    process.exit(0)
  },
  // a daemon (double fork, setsid, stdio closed) keeps running; the implementation keeps serving
  daemon: async (id) => send({ jsonrpc: '2.0', id, result: { pid: await daemonise() } }),
  // a daemon keeps running; the implementation names it on stderr and exits without answering
  'daemon-then-exit': async () => {
    process.stderr.write(`started daemon ${await daemonise()}\n`)
    process.exit(3)
  },
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const { id, method } = JSON.parse(line)
  if (method === 'initialize') send({ jsonrpc: '2.0', id, result: { name: `hostile-${mode}`, ports: ['pager'] } })
  else if (method === 'misbehave' || method === 'pager.read') await behaviours[mode](id)
  else send({ jsonrpc: '2.0', id, result: null })
}
