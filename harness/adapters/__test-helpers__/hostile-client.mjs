// A hostile client CLI for the kit's own tests of the command adapter: it misbehaves as argv[2] says, and first writes
// its run's marker and the pids it starts to the file argv[3], for the test to check. Never run by the kit outside its tests.
import { spawn } from 'node:child_process'
import { appendFileSync, writeFileSync } from 'node:fs'

const [mode, report] = process.argv.slice(2)
const sleeper = 'setInterval(() => {}, 1000)'
writeFileSync(report, `${JSON.stringify({ token: process.env.CONTRACT_KIT_RUN, pid: process.pid })}\n`)
const started = (pid) => appendFileSync(report, `${JSON.stringify({ pid })}\n`)
const output = `${JSON.stringify({ sessionId: 'session-1', status: 'done', reply: 'hello', replyCut: false })}\n`

/** Writes `bytes` to `stream` for ever (600 MB and more), as fast as the reader takes them. */
function flood(stream, bytes) {
  const pump = () => {
    while (stream.write(bytes)) {}
    stream.once('drain', pump)
  }
  pump()
}

if (mode === 'stdout-flood') flood(process.stdout, Buffer.alloc(64 * 1024, 0x78))
else if (mode === 'stderr-flood') flood(process.stderr, Buffer.alloc(64 * 1024, 0x65))
else if (mode === 'setsid-holds-stdout') {
  // a child in a session of its own keeps stdout open after the client prints its answer and exits 0
  const child = spawn(process.execPath, ['-e', sleeper], { detached: true, stdio: ['ignore', 'inherit', 'ignore'] })
  child.unref()
  started(child.pid)
  process.stdout.write(output)
} else if (mode === 'setsid-child-and-hang') {
  // a child in a session of its own keeps stdout open, and the client itself never exits
  started(spawn(process.execPath, ['-e', sleeper], { detached: true, stdio: ['ignore', 'inherit', 'ignore'] }).pid)
} else if (mode === 'daemon') {
  // a double fork: a child in a session of its own starts a grandchild in another session (stdio closed) and exits
  const middle = `const { spawn } = await import('node:child_process')
const { appendFileSync } = await import('node:fs')
const daemon = spawn(process.execPath, ['-e', ${JSON.stringify(sleeper)}], { detached: true, stdio: 'ignore' })
daemon.unref()
appendFileSync(${JSON.stringify(report)}, JSON.stringify({ pid: daemon.pid }) + '\\n')`
  const child = spawn(process.execPath, ['--input-type=module', '-e', middle], { detached: true, stdio: 'ignore' })
  started(child.pid)
  child.on('exit', () => process.stdout.write(output))
}
