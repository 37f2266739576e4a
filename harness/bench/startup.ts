import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import type { BenchOptions } from '#harness/bench/bench.ts'
import type { BenchRow } from '#harness/bench/bench-row.ts'
import { measureProcess } from '#harness/bench/process-usage.ts'
import { statsOf } from '#harness/bench/sample.ts'
import { packageRoot } from '#harness/package/package-root.ts'

const env = { ...process.env, NO_COLOR: '1', CONTRACT_KIT_FROM_SOURCE: '' }

/** How fast the kit starts: `contract-kit list` (≤ 0.5 s) and a bundled stdio system answering `initialize` after its spawn (≤ 0.3 s). */
export async function benchStartup(options: BenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const list: number[] = []
  await listOnce()
  for (let i = 0; i < options.runs; i++) list.push(await listOnce())
  const listed = statsOf(list)
  rows.push({ group: 'startup', name: '`contract-kit list` (compiled), a whole process', subject: listed, unit: 'ms', target: '≤ 500 ms', met: listed.median <= 500 })
  for (const system of ['pager/reference', 'tool-output/reference', 'agent-log/reference']) {
    const times: number[] = []
    await initializeAfterSpawn(system)
    for (let i = 0; i < options.runs; i++) times.push(await initializeAfterSpawn(system))
    const stats = statsOf(times)
    rows.push({ group: 'startup', name: `${system}@stdio answering \`initialize\` after its spawn`, subject: stats, unit: 'ms', target: '≤ 300 ms', met: stats.median <= 300, note: '`node dist/fixtures/systems/serve-stdio.js <system>`' })
  }
  return rows
}

async function listOnce(): Promise<number> {
  const usage = await measureProcess([process.execPath, join(packageRoot, 'bin/contract-kit.js'), 'list'], { cwd: packageRoot, env })
  if (usage.code !== 0) throw new Error(`contract-kit list exited ${usage.code}: ${usage.stderr.slice(-2000)}`)
  return usage.wallMs
}

/** Milliseconds from spawning a bundled system over stdio to its answer to `initialize`. */
async function initializeAfterSpawn(system: string): Promise<number> {
  const start = performance.now()
  const child = spawn(process.execPath, [join(packageRoot, 'dist/fixtures/systems/serve-stdio.js'), system], { cwd: packageRoot, env, stdio: ['pipe', 'pipe', 'inherit'] })
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocol: 'contract-kit/stdio@1' } })}\n`)
  let answered = ''
  for await (const chunk of child.stdout) {
    answered += String(chunk)
    if (answered.includes('\n')) break
  }
  const elapsed = performance.now() - start
  if (!answered.includes('"result"')) throw new Error(`${system}@stdio did not answer initialize: ${answered}`)
  child.stdin.end()
  await once(child, 'exit')
  return elapsed
}
