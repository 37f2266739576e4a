import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { commandNames, main } from '#harness/cli/main.ts'
import { commandHelp } from '#harness/cli/command-help.ts'
import { commandUsage, synopses, usage } from '#harness/cli/usage.ts'
import { packageRoot } from '#harness/package/package-root.ts'

/** What `main(argv)` printed on stdout and stderr, and its exit code, run in process. */
async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = []
  const err: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(`${line}\n`))
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(`${line}\n`))
  const code = await main(argv)
  return { code, stdout: out.join(''), stderr: err.join('') }
}
afterEach(() => vi.restoreAllMocks())

const names = Object.keys(commandHelp)
const flagsOf = (text: string) => [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])].sort()

describe('per-command help and the version', () => {
  test('every command has its help, and help names no command that does not exist', () => {
    expect([...names].sort()).toEqual([...commandNames].sort())
  })
  test.for(names)('%s --help and -h print its usage and exit 0, whatever else is given', async (name) => {
    for (const argv of [[name, '--help'], [name, '-h'], [name, '--out', 'x', '-h'], ['help', name]]) expect(await cli(...argv), argv.join(' ')).toEqual({ code: 0, stdout: `${commandUsage(name)}\n`, stderr: '' })
  })
  test.for(names)('%s: the flags of its synopsis are the flags its help lists, one line each, and its examples use only those', (name) => {
    const help = commandHelp[name]!
    const listed = flagsOf(help.flags.map(([flag]) => flag).join(' '))
    expect(flagsOf(help.synopsis.join(' '))).toEqual(listed)
    expect(help.flags.every(([flag, text]) => !text.includes('\n') && flag.length > 0)).toBe(true)
    for (const example of help.examples) {
      expect(example === `contract-kit ${name}` || example.startsWith(`contract-kit ${name} `), example).toBe(true)
      expect(flagsOf(example).filter((f) => !listed.includes(f))).toEqual([])
    }
  })
  test("each command's help ends with its exit codes: explore's own (it reads no known-failing list), the kit's for the others", () => {
    expect(commandUsage('explore')!.split('\n').at(-1)).toBe('Exit codes: 0 nothing found; 1 a case did not hold (saved, or printed when it needs the cases before it); 2 bad usage.')
    expect(commandUsage('run')).toMatch(/\nExit codes: 0 every outcome as expected; 1 a contract broke unexpectedly, a known-failing entry went stale or expired,\nor an adapter failed; 2 bad usage, an invalid scenario or profile, or nothing selected\.$/)
  })
  test('--version and -v print the package version; help with no command prints the whole usage; help for an unknown command is bad usage', async () => {
    const { version } = JSON.parse(readFileSync(`${packageRoot}package.json`, 'utf8')) as { version: string }
    expect(await cli('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
    expect(await cli('-v')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
    expect(await cli('help')).toEqual({ code: 0, stdout: `${usage}\n`, stderr: '' })
    expect(await cli('help', 'frobnicate')).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^contract-kit: no help for "frobnicate": expected run, /) })
  })
})

test("README.md's command list is the synopsis of every command, as contract-kit help prints it", () => {
  const readme = readFileSync(`${packageRoot}README.md`, 'utf8')
  const block = /## Commands\n\n```text\n([\s\S]*?)\n```/.exec(readme)?.[1]
  expect(block).toBe(synopses)
})
