import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stdioProtocol } from '#harness/adapters/stdio-adapter.ts'
import { checkSigterm } from '#harness/doctor/check-sigterm.ts'
import { checkStdinClose } from '#harness/doctor/check-stdin-close.ts'
import { checkIds, type CheckResult, type Diagnosis } from '#harness/doctor/diagnosis.ts'
import { judgeHandshake } from '#harness/doctor/judge-handshake.ts'
import { judgeStderr } from '#harness/doctor/judge-stderr.ts'
import { judgeStdout } from '#harness/doctor/judge-stdout.ts'
import { judgeStartup } from '#harness/doctor/judge-startup.ts'
import { measureStdioStartup } from '#harness/doctor/measure-stdio-startup.ts'
import { skippedCheck as skipped } from '#harness/doctor/skipped-check.ts'
import { measureLatency } from '#harness/doctor/measure-latency.ts'
import { ProbeProcess } from '#harness/doctor/probe-process.ts'

/** What doctor starts and how patient it is. */
export interface DiagnoseOptions {
  /** The program and its arguments; no shell is involved. */
  command: string[]
  /** The working folder (default: the kit's). */
  cwd?: string
  /** Variables added to (or, when undefined, removed from) the kit's environment. */
  env?: Record<string, string | undefined>
  /** Ports the implementation must declare (e.g. `pager` for `pager/reference@stdio`). */
  expectedPorts?: string[]
  /** How many calls of each declared port are timed (default 20). */
  latencyCalls?: number
  /** A call slower than this is a warning (default 1 000 ms). */
  maxCallMs?: number
  /** How long each call may wait for its answer (default 10 000 ms, the kit's): also the deadline start-up is judged against. */
  timeoutMs?: number
  /** How long starting and answering `initialize` may take (default: the larger of timeoutMs and 10 000 ms, as the kit allows). */
  handshakeTimeoutMs?: number
  /** How long doctor waits for an exit after closing stdin, and after SIGTERM (default 2 000 ms, the kit's). */
  graceMs?: number
  /** How long doctor watches the implementation idle after the handshake (default 250 ms). */
  idleMs?: number
  /** Stderr beyond this many bytes over the whole session is a warning (default 16 KiB). */
  stderrWarnBytes?: number
}

function environment(env: DiagnoseOptions['env']): NodeJS.ProcessEnv | undefined {
  if (env === undefined) return undefined
  const merged: NodeJS.ProcessEnv = { ...process.env }
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key]
    else merged[key] = value
  }
  return merged
}

/**
 * Starts an implementation and checks it before any scenario: the handshake, stray stdout lines, stderr volume,
 * per-call latency, exit at end of stdin, its start-up time (in three more copies, against the per-call timeout) and
 * (in one more copy) SIGTERM. Every wait is bounded and every process doctor starts is killed, with its process
 * group, before this resolves.
 */
export async function diagnose(options: DiagnoseOptions): Promise<Diagnosis> {
  const timeoutMs = options.timeoutMs ?? 10_000
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? Math.max(timeoutMs, 10_000)
  const graceMs = options.graceMs ?? 2_000
  const env = environment(options.env)
  const command = [...options.command]
  const finish = (checks: CheckResult[], system?: Diagnosis['system']): Diagnosis => {
    const sorted = checkIds.map((id) => checks.find((check) => check.id === id)!)
    return { command, ...(system ? { system } : {}), checks: sorted, ok: sorted.every((check) => check.status !== 'fail') }
  }
  const started = await ProbeProcess.start({ command, cwd: options.cwd, env })
  if (!started.ok) {
    const where = options.cwd === undefined ? '' : ` in ${options.cwd}`
    const handshake: CheckResult = {
      id: 'handshake',
      status: 'fail',
      summary: `could not start ${JSON.stringify(command)}${where}: ${started.reason}`,
      details: [],
      fix: 'Check the command line: is the program installed and on PATH (or given by its path), is it executable, and does the working folder exist?',
    }
    const why = 'the implementation could not be started'
    return finish([handshake, ...checkIds.slice(1).map((id) => skipped(id, why))])
  }
  const { probe } = started
  const workspace = await mkdtemp(join(tmpdir(), 'contract-kit-doctor-'))
  let verdict: ReturnType<typeof judgeHandshake>
  let latency: CheckResult
  let stdinClose: CheckResult
  let calls = 0
  try {
    const answer = await probe.call('initialize', { protocol: stdioProtocol }, handshakeTimeoutMs)
    verdict = judgeHandshake(answer, { timeoutMs: handshakeTimeoutMs, expectedPorts: options.expectedPorts, strayCount: probe.strayCount, stderrTail: probe.stderrTail() })
    if (verdict.answered) {
      probe.phase = 'idle'
      await probe.watch(options.idleMs ?? 250)
      probe.phase = 'calls'
      const measured = await measureLatency(probe, {
        ports: verdict.system?.ports ?? [],
        calls: options.latencyCalls ?? 20,
        maxCallMs: options.maxCallMs ?? 1_000,
        timeoutMs,
        workspace: join(workspace, 'ws'),
      })
      latency = measured.check
      calls = measured.calls
    } else {
      latency = skipped('latency', 'initialize was not answered')
    }
    probe.phase = 'shutdown'
    stdinClose = await checkStdinClose(probe, graceMs)
  } finally {
    await probe.dispose()
    await rm(workspace, { recursive: true, force: true })
  }
  const stdout = judgeStdout(probe)
  const stderr = judgeStderr({ volumes: probe.stderrVolumes(), calls, firstLine: probe.firstStderrLine, warnBytes: options.stderrWarnBytes ?? 16 * 1024 })
  const startup = verdict.answered
    ? judgeStartup(
        await measureStdioStartup({ command, cwd: options.cwd, env, timeoutMs: handshakeTimeoutMs }),
        { ms: timeoutMs, source: options.timeoutMs === undefined ? "the kit's default per-call timeout" : "the per-call timeout given (--timeout, or the profile's timeoutMs)" },
        'the answer to initialize',
      )
    : skipped('startup', 'initialize was not answered')
  const settleMs = verdict.answered ? handshakeTimeoutMs : Math.min(handshakeTimeoutMs, 1_000)
  const sigterm = await checkSigterm({ command, cwd: options.cwd, env, settleMs, graceMs })
  return finish([verdict.check, startup, stdout, stderr, latency, stdinClose, sigterm], verdict.system)
}
