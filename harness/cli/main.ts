import { UsageError } from '#harness/cli/usage-error.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { UnknownAdapterError } from '#harness/adapters/unknown-adapter-error.ts'
import { KnownFailingListError } from '#harness/expectations/known-failing.ts'
import { commandUsage, usage } from '#harness/cli/usage.ts'
import type { CommandStop } from '#harness/cli/stop-on-signal.ts'

type Command = (args: string[], stop?: CommandStop) => Promise<number>

/** The commands whose result is whole or nothing: a signal stops them at once, every process they started ended (stop-on-signal.ts). */
const stoppedOnSignal = new Set(['explore', 'reproduce', 'baseline', 'doctor'])

/** Each command, loaded when it is run: a command line pays only for the modules its command needs. */
const commands: Record<string, () => Promise<Command>> = {
  run: async () => (await import('#harness/cli/run-command.ts')).runCommand,
  reproduce: async () => (await import('#harness/cli/reproduce-command.ts')).reproduceCommand,
  doctor: async () => (await import('#harness/cli/doctor-command.ts')).doctorCommand,
  baseline: async () => (await import('#harness/cli/baseline-command.ts')).baselineCommand,
  'merge-reports': async () => (await import('#harness/cli/merge-command.ts')).mergeCommand,
  list: async () => (await import('#harness/cli/list-command.ts')).listCommand,
  judge: async () => (await import('#harness/cli/judge-command.ts')).judgeCommand,
  serve: async () => (await import('#harness/cli/serve-command.ts')).serveCommand,
  explore: async () => (await import('#harness/cli/explore-command.ts')).exploreCommand,
}

/** The name of every command (help excepted). */
export const commandNames: readonly string[] = Object.keys(commands)

/** What a command may be, for an error that names one it does not know. */
const commandList = 'expected run, explore, baseline, doctor, reproduce, merge-reports, list, judge, serve or help (or --version)'

/** The version of the kit, from its package.json. */
async function kitVersion(): Promise<string> {
  const [{ readFile }, { join }, { packageRoot }] = await Promise.all([import('node:fs/promises'), import('node:path'), import('#harness/package/package-root.ts')])
  return (JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version
}

/** Runs the contract-kit command line and returns its exit code: 0 as expected, 1 a contract or an adapter failed, 2 bad usage or input. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined) {
    console.error(usage)
    return 2
  }
  if (name === '--version' || name === '-v') {
    console.log(await kitVersion())
    return 0
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    const asked = args[0] === undefined ? usage : commandUsage(args[0])
    if (asked === undefined) {
      console.error(`contract-kit: no help for ${JSON.stringify(args[0])}: ${commandList}`)
      return 2
    }
    console.log(asked)
    return 0
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined
  // `<command> --help` (or -h) anywhere among its flags: that command's usage, whatever else is given
  if (load && (args.includes('--help') || args.includes('-h'))) {
    console.log(commandUsage(name))
    return 0
  }
  try {
    if (!load) throw new UsageError(`unknown command ${JSON.stringify(name)}: ${commandList}`)
    const command = await load()
    if (!stoppedOnSignal.has(name)) return await command(args)
    const stop = (await import('#harness/cli/stop-on-signal.ts')).stopOnSignal()
    try {
      return await command(args, stop)
    } finally {
      stop.done()
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ScenarioError || error instanceof UnknownAdapterError || error instanceof KnownFailingListError) {
      console.error(`contract-kit: ${error.message}`)
      return 2
    }
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS')) {
      console.error(`contract-kit: ${error.message.split('\n')[0]} (see contract-kit help)`)
      return 2
    }
    throw error
  }
}
