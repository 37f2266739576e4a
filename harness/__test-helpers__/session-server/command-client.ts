import type { SessionClientPort } from '#harness/ports/session-client-port.ts'
import { fillTemplate } from '#harness/adapters/command-adapter.ts'
import { runCommandLine } from '#harness/adapters/command/run-command-line.ts'

/** Test helper: a client CLI (a command template with the session-client placeholders) as an in-process session-client port. */
export function createCommandAdapterClient(template: string[]): SessionClientPort {
  return {
    async run(request) {
      const outcome = await runCommandLine(fillTemplate(template, request), { killAfterMs: request.timeoutMs + 5_000 })
      return { exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr }
    },
  }
}
