import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'

/** What one whole process (and every process it waited for) took: wall time, CPU time and the largest resident set. */
export interface ProcessUsage {
  wallMs: number
  /** User and system CPU of the process and its waited-for descendants; undefined without GNU time. */
  cpuMs?: number
  /** The largest resident set of any of them, in MiB; undefined without GNU time. */
  maxRssMiB?: number
  code: number
  stdout: string
  stderr: string
}

const gnuTime = '/usr/bin/time'

/** Runs a command to its end and measures it, through GNU time when the machine has it (`apt-get install time`). */
export function measureProcess(argv: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<ProcessUsage> {
  const timed = existsSync(gnuTime)
  const command = timed ? [gnuTime, '-f', 'contract-kit-bench %e %U %S %M', ...argv] : [...argv]
  const start = performance.now()
  return new Promise((done) => {
    execFile(command[0]!, command.slice(1), { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 256 << 20 }, (error, stdout, stderr) => {
      const wallMs = performance.now() - start
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0
      const line = /contract-kit-bench ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(stderr)
      if (!line) return done({ wallMs, code, stdout, stderr })
      done({ wallMs, cpuMs: (Number(line[2]) + Number(line[3])) * 1000, maxRssMiB: Number(line[4]) / 1024, code, stdout, stderr: stderr.slice(0, line.index) })
    })
  })
}
