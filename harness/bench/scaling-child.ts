import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { bundledScript } from '#harness/adapters/command/bundled-script.ts'
import { packageRoot } from '#harness/package/package-root.ts'
import type { JudgeMemory } from '#harness/bench/scaling-judge-child.ts'

/**
 * V8 flags that keep a probe as it was while it waits for its turn: no memory reducer collecting in idle time, and no
 * bytecode flushed for having gone unused through those collections (else each turn would start by compiling again).
 */
const idleProof = ['--no-memory-reducer', '--no-flush-bytecode']

/** One History judged in a process of its own: the memory of its first judging, and more judgings timed on demand. */
export interface JudgingProbe {
  memory: JudgeMemory
  /** Judges `batch` fresh copies of the History back to back and answers the wall time of one, in ms. */
  time(batch?: number): Promise<number>
  /** Ends the process. */
  close(): Promise<void>
}

/**
 * Starts the scaling probe (`scaling-judge-child.ts`, bundled once per run, with `--expose-gc`) on a History file, and
 * resolves once it has judged it for its memory and warmed up. Only one History per process: none's heap weighs on
 * another's judging, and the caller can time several in turn.
 */
export async function startJudgingProbe(file: string): Promise<JudgingProbe> {
  const script = await bundledScript(join(packageRoot, 'harness/bench/scaling-judge-child.ts'), { packages: 'linked' })
  const child = spawn(process.execPath, ['--expose-gc', ...idleProof, script, file], { stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<void>((done) => child.once('close', () => done()))
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async (): Promise<string> => {
    const line = await lines.next()
    if (line.done) {
      await exited
      throw new Error(`bench scaling: the judging probe of ${file} ended early${stderr ? `: ${stderr.trim()}` : ''}`)
    }
    return line.value
  }
  const memory = JSON.parse(await next()) as JudgeMemory
  return {
    memory,
    async time(batch = 1) {
      child.stdin.write(`time ${batch}\n`)
      return Number(await next())
    },
    async close() {
      child.stdin.end()
      await exited
    },
  }
}
