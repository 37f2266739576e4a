// A hostile agent-log implementation over stdio, for the hostile table (npm run hostile): at setup it leaves a named pipe
// (FIFO) in its working folder, records nothing, and answers every call. Never run outside that table.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`)
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const { id, method, params } = JSON.parse(line)
  if (method === 'initialize') send({ jsonrpc: '2.0', id, result: { name: 'hostile-fifo-working-folder', ports: ['agent-log'] } })
  else if (method === 'agent-log.setup') {
    const pipe = params.workspacePath ? join(params.workspacePath, 'agent.pipe') : join(process.cwd(), 'agent.pipe')
    if (!existsSync(pipe)) execFileSync('mkfifo', [pipe])
    send({ jsonrpc: '2.0', id, result: null })
  } else if (method === 'agent-log.records') send({ jsonrpc: '2.0', id, result: { records: [] } })
  else send({ jsonrpc: '2.0', id, result: null })
}
