import { commandHelp } from '#harness/cli/command-help.ts'
import type { CommandHelp } from '#harness/cli/command-help.ts'

const title = 'contract-kit — replay scenario files against implementations and judge size, recovery and durability contracts'
const exitCodes = `Exit codes: 0 every outcome as expected; 1 a contract broke unexpectedly, a known-failing entry went stale or expired,
or an adapter failed; 2 bad usage, an invalid scenario or profile, or nothing selected.`

const indent = (text: string, by: string) => text.split('\n').map((line) => by + line).join('\n')

/** The synopsis of every command, one after another: what README.md's command list shows. */
export const synopses = [...Object.values(commandHelp).flatMap((help) => help.synopsis), 'contract-kit help'].join('\n')

/** The text `contract-kit help` prints: every command's synopsis and what it does, then the exit codes. */
export const usage = `${title}

Usage:
${Object.values(commandHelp)
  .map((help) => `${indent(help.synopsis.join('\n'), '  ')}\n${indent(help.summary, '      ')}`)
  .join('\n')}
  contract-kit help

${exitCodes}`

/** The text `contract-kit <command> --help` prints: its synopsis, what it does, each flag on one line, two examples. */
export function commandUsage(name: string): string | undefined {
  const help: CommandHelp | undefined = Object.hasOwn(commandHelp, name) ? commandHelp[name] : undefined
  if (!help) return undefined
  const width = Math.max(...help.flags.map(([flag]) => flag.length))
  return `Usage:
${indent(help.synopsis.join('\n'), '  ')}

${indent(help.summary, '  ')}

Options:
${help.flags.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`).join('\n')}
  ${'--help, -h'.padEnd(width)}  print this help

Examples:
${help.examples.map((example) => `  ${example}`).join('\n')}

${help.exitCodes ?? exitCodes}`
}
