import { UsageError } from '#harness/cli/usage-error.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { UnknownAdapterError } from '#harness/adapters/index.ts'
import { KnownFailingListError } from '#harness/expectations/known-failing.ts'
import { runCommand } from '#harness/cli/run-command.ts'
import { listCommand } from '#harness/cli/list-command.ts'
import { judgeCommand } from '#harness/cli/judge-command.ts'
import { usage } from '#harness/cli/usage.ts'

const commands: Record<string, (args: string[]) => Promise<number>> = { run: runCommand, list: listCommand, judge: judgeCommand }

/** Runs the contract-kit command line and returns its exit code: 0 as expected, 1 a contract or an adapter failed, 2 bad usage or input. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined) {
    console.error(usage)
    return 2
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    console.log(usage)
    return 0
  }
  const command = commands[name]
  try {
    if (!command) throw new UsageError(`unknown command ${JSON.stringify(name)}: expected run, list, judge or help`)
    return await command(args)
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
