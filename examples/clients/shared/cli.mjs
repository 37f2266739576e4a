// The command line of the example session clients: `watch --url URL --session ID --timeout MS --try-timeout MS -o json|text`.
import { correct, watchSession } from './session-watch.mjs'

/** Parses `watch --url URL --session ID --timeout MS --try-timeout MS -o json|text` into a request. */
export function parseArgs(argv) {
  const args = argv[0] === 'watch' ? argv.slice(1) : argv
  const value = (...names) => {
    const i = args.findIndex((a) => names.includes(a))
    return i >= 0 ? args[i + 1] : undefined
  }
  const request = {
    baseUrl: value('--url'),
    sessionId: value('--session'),
    timeoutMs: Number(value('--timeout') ?? 10_000),
    tryTimeoutMs: Number(value('--try-timeout') ?? 1_000),
    output: value('-o', '--output') ?? 'json',
  }
  if (!request.baseUrl || !request.sessionId || !(request.timeoutMs > 0) || !(request.tryTimeoutMs > 0) || !['json', 'text'].includes(request.output)) {
    throw new Error('usage: watch --url URL --session ID [--timeout MS] [--try-timeout MS] [-o json|text]')
  }
  return request
}

/** Runs the CLI with a transport made for the URL: prints stdout and stderr and sets the exit code. */
export async function main(argv, makeTransport, behaviour = correct) {
  let request
  try {
    request = parseArgs(argv)
  } catch (error) {
    process.stderr.write(`${error.message}\n`)
    process.exitCode = 1
    return
  }
  const result = await watchSession(request, makeTransport(request.baseUrl), behaviour)
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  process.exitCode = result.exitCode
}
