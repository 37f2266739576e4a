import { dirname, resolve } from 'node:path'
import { LineCounter, parseDocument, isNode } from 'yaml'
import type { PortName } from '#harness/adapters/adapter.ts'
import { parseCommandLine } from '#harness/adapters/parse-command-line.ts'
import { commandPlaceholders } from '#harness/adapters/command-adapter.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { parseValidatedYaml } from '#harness/scenario/parse-validated-yaml.ts'
import { readYamlSource } from '#harness/scenario/read-yaml-source.ts'
import { capabilityNames, type Capability } from '#harness/profiles/capabilities.ts'
import { profileSchema, type ProfileSpec } from '#harness/profiles/profile-schema.ts'

/** A loaded profile: the implementation's name, how to start it (paths resolved), what it offers, and its expectations. */
export interface Profile {
  /** The profile file, absolute. */
  file: string
  /** The file as the user named it (for `Reproduce with:` lines). */
  given: string
  name: string
  ports: PortName[]
  transport: 'stdio' | 'command'
  /** The argv, with `./` and `../` words resolved against the profile's folder. */
  command: string[]
  /** The working folder: the profile's folder (a driver may run it elsewhere, e.g. an agent log in its sandbox). */
  cwd: string
  env?: Record<string, string>
  timeoutMs?: number
  /** Its own time scale, multiplied by the run's. */
  timeScale?: number
  capabilities: Capability[]
  /** Scenario patterns; empty: every scenario of its ports. */
  scenarios: string[]
  /** Known-failing then known-flaky entries (`kind: 'flaky'`), each with its `file:line`. */
  expectations: KnownFailingEntry[]
  flakyRetries: number
  /** The profile as written, after defaults (for `baseline`). */
  spec: ProfileSpec
}

/** Reads and validates a profile file; a bad one is a ScenarioError naming the file, line, column and field. */
export function loadProfile(given: string): Profile {
  const file = resolve(given)
  const source = readYamlSource(file, 'profile file')
  const spec = parseValidatedYaml(file, source, profileSchema, 'a valid profile')
  const at = positionFinder(source)
  const reachable = portsOver[spec.transport]
  const unreachable = spec.ports.findIndex((port) => !reachable.includes(port))
  if (unreachable >= 0) {
    const port = spec.ports[unreachable]!
    const how = port === 'snapshotter' ? 'the snapshotter port runs only in process (bundled snapshotters)' : `${port} is reached over ${port === 'session-client' ? 'transport: command' : 'transport: stdio'}`
    throw new ScenarioError({ file, field: `ports[${unreachable}]`, ...at(['ports', unreachable]), expected: `${how}; transport ${spec.transport} offers ${reachable.join(', ')}` })
  }
  const cwd = dirname(file)
  let argv: string[]
  try {
    argv = typeof spec.command === 'string' ? parseCommandLine(spec.command) : spec.command
  } catch (error) {
    throw new ScenarioError({ file, field: 'command', ...at(['command']), expected: error instanceof Error ? error.message : String(error) })
  }
  if (spec.transport === 'command') {
    const unknown = unknownPlaceholder(argv)
    if (unknown) {
      const field = typeof spec.command === 'string' ? ['command'] : ['command', unknown.word]
      throw new ScenarioError({
        file,
        field: field.length === 1 ? 'command' : `command[${unknown.word}]`,
        ...at(field),
        expected: `unknown placeholder ${unknown.placeholder}, expected only ${commandPlaceholders.map((p) => `{${p}}`).join(', ')}`,
      })
    }
  }
  const entries = (list: 'knownFailing' | 'knownFlaky') =>
    spec[list].map((e, i): KnownFailingEntry => ({
      pattern: e.contract ? `${e.case}:${e.contract}` : e.case,
      scenario: e.case,
      ...(e.contract ? { contract: e.contract } : {}),
      reason: e.reason,
      source: `${given}:${at([list, i]).line ?? 1}`,
      link: e.link,
      ...(e.expires ? { expires: e.expires } : {}),
      ...(list === 'knownFlaky' ? { kind: 'flaky' as const } : {}),
    }))
  return {
    file,
    given,
    name: spec.name,
    ports: [...new Set(spec.ports)].sort() as PortName[],
    transport: spec.transport,
    command: argv.map((word) => (word.startsWith('./') || word.startsWith('../') ? resolve(cwd, word) : word)),
    cwd,
    ...(spec.env ? { env: spec.env } : {}),
    ...(spec.timeoutMs ? { timeoutMs: spec.timeoutMs } : {}),
    ...(spec.timeScale !== undefined ? { timeScale: spec.timeScale } : {}),
    capabilities: spec.capabilities ?? capabilityNames,
    scenarios: spec.scenarios ?? [],
    expectations: [...entries('knownFailing'), ...entries('knownFlaky')],
    flakyRetries: spec.flakyRetries,
    spec,
  }
}

/** The first `{name}` of a command's words that the command transport does not fill in, and the word it is in. */
function unknownPlaceholder(argv: readonly string[]): { word: number; placeholder: string } | undefined {
  const known: readonly string[] = commandPlaceholders
  for (const [word, text] of argv.entries()) {
    for (const match of text.matchAll(/\{(\w+)\}/g)) if (!known.includes(match[1]!)) return { word, placeholder: match[0] }
  }
  return undefined
}

/** The ports each transport reaches: a stdio process serves the server-side ports, a command is a session client. */
const portsOver: Record<ProfileSpec['transport'], readonly string[]> = { stdio: ['agent-log', 'pager', 'tool-output'], command: ['session-client'] }

/** Where the node at a path of a YAML text starts (1-based line and column), if it is there. */
function positionFinder(source: string): (path: Array<string | number>) => { line?: number; column?: number } {
  const counter = new LineCounter()
  const doc = parseDocument(source, { lineCounter: counter, uniqueKeys: false })
  return (path) => {
    const node = doc.getIn(path, true)
    if (!isNode(node) || !node.range) return {}
    const { line, col } = counter.linePos(node.range[0])
    return { line, column: col }
  }
}
