import { stdioProtocol } from '#harness/adapters/stdio-adapter.ts'
import type { CheckResult } from '#harness/doctor/diagnosis.ts'
import { ProbeProcess } from '#harness/doctor/probe-process.ts'

const fix = [
  'Let SIGTERM stop the program (clean up if you must, then exit):',
  '  Node:   a process.on(\'SIGTERM\') listener replaces the default exit: end it with process.exit(0), or remove it;',
  '  Python: do not set signal.SIG_IGN for SIGTERM; a handler must end with sys.exit(0);',
  '  Go:     after signal.Notify(c, syscall.SIGTERM), return from main (or os.Exit(0)) when c receives;',
  '  Elixir: the BEAM stops on SIGTERM unless :os.set_signal(:sigterm, :handle) was called; then call System.stop() when it arrives.',
  'The kit sends SIGTERM to your process group when a call times out or when closing stdin was not enough, and SIGKILL 2 s later:',
  'ignoring it costs 2 s at every such stop and loses your chance to clean up.',
].join('\n')

/**
 * Starts a fresh copy of the implementation, lets it answer `initialize` (waiting at most `settleMs`), sends SIGTERM
 * to its process group while stdin is still open, and checks it exits within `graceMs`; otherwise kills it (SIGKILL).
 */
export async function checkSigterm(options: { command: readonly string[]; cwd?: string; env?: NodeJS.ProcessEnv; settleMs: number; graceMs: number }): Promise<CheckResult> {
  const started = await ProbeProcess.start(options)
  if (!started.ok) {
    return { id: 'sigterm', status: 'skip', summary: `not checked: the implementation could not be started (${started.reason})`, details: [] }
  }
  const { probe } = started
  try {
    await probe.call('initialize', { protocol: stdioProtocol }, options.settleMs)
    if (probe.exit !== null) {
      return {
        id: 'sigterm',
        status: 'warn',
        summary: `not checked: the implementation ${probe.exit.text} before SIGTERM was sent`,
        details: [],
        fix: 'Keep serving until stdin ends or a signal stops you; see the handshake check and its stderr.',
      }
    }
    const sentAt = probe.elapsedMs()
    probe.signal('SIGTERM')
    if (await probe.waitForExit(options.graceMs)) {
      const exit = probe.exit!
      const how = exit.code !== null ? `exit code ${exit.code}` : `killed by ${exit.signal}`
      return { id: 'sigterm', status: 'ok', summary: `stopped ${Math.round(exit.atMs - sentAt)} ms after SIGTERM (${how})`, details: [] }
    }
    probe.signal('SIGKILL')
    const killed = await probe.waitForExit(2_000)
    return {
      id: 'sigterm',
      status: 'warn',
      summary: `ignored SIGTERM: still running ${options.graceMs} ms after it, so doctor ${killed ? 'killed it with SIGKILL' : 'sent SIGKILL'}`,
      details: [],
      fix,
    }
  } finally {
    await probe.dispose()
  }
}
