import { dirname, resolve } from 'node:path'
import { LineCounter, parseDocument, isNode } from 'yaml'
import type { PortName } from '#harness/adapters/adapter.ts'
import { parseCommandLine } from '#harness/adapters/parse-command-line.ts'
import { commandPlaceholders } from '#harness/adapters/command-adapter.ts'
import { serviceUrl, urlFromStdout } from '#harness/adapters/http/service-url.ts'
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
  transport: 'stdio' | 'command' | 'http'
  /** The argv (http: `start`, empty without it), with `./` and `../` words resolved against the profile's folder. */
  command: string[]
  /** http: the URL requests are POSTed to, or `stdout` (the started service prints it). */
  url?: string
  /** http with start: how long the service may take to answer `initialize`. */
  startTimeoutMs?: number
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
    const how = port === 'snapshotter' ? 'the snapshotter port runs only in process (bundled snapshotters)' : `${port} is reached over ${port === 'session-client' ? 'transport: command' : 'transport: stdio or http'}`
    throw new ScenarioError({ file, field: `ports[${unreachable}]`, ...at(['ports', unreachable]), expected: `${how}; transport ${spec.transport} offers ${reachable.join(', ')}` })
  }
  const cwd = dirname(file)
  const fail = (field: string, expected: string, path: Array<string | number> = [field]): never => {
    throw new ScenarioError({ file, field, ...(at(path).line === undefined ? at(['transport']) : at(path)), expected })
  }
  checkTransportFields(spec, fail)
  const argvField = spec.transport === 'http' ? 'start' : 'command'
  const written = spec[argvField]
  let argv: string[] = []
  try {
    if (written !== undefined) argv = typeof written === 'string' ? parseCommandLine(written) : written
  } catch (error) {
    fail(argvField, error instanceof Error ? error.message : String(error))
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
    ...(spec.url !== undefined ? { url: spec.url } : {}),
    ...(spec.startTimeoutMs ? { startTimeoutMs: spec.startTimeoutMs } : {}),
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
const portsOver: Record<ProfileSpec['transport'], readonly string[]> = { stdio: ['agent-log', 'pager', 'tool-output'], command: ['session-client'], http: ['agent-log', 'pager', 'tool-output'] }

/**
 * The fields each transport needs and allows: stdio and command a `command` (no url, start or startTimeoutMs); http a
 * `url` (an http(s) URL, or `stdout` with a `start`) and an optional `start` instead of a command.
 */
function checkTransportFields(spec: ProfileSpec, fail: (field: string, expected: string) => never): void {
  if (spec.transport !== 'http') {
    if (spec.command === undefined) fail('command', `transport: ${spec.transport} needs a command (what to start)`)
    for (const field of ['url', 'start', 'startTimeoutMs'] as const) {
      if (spec[field] !== undefined) fail(field, `only with transport: http; transport: ${spec.transport} starts its command`)
    }
    return
  }
  if (spec.command !== undefined) fail('command', 'transport: http starts its service from start (a list of words or a command line), not command')
  if (spec.url === undefined) fail('url', 'transport: http needs a url: the URL requests are POSTed to, or stdout (the first line the started service prints)')
  if (spec.url === urlFromStdout) {
    if (spec.start === undefined) fail('url', 'url: stdout needs a start command: the service that prints its URL')
  } else {
    const parsed = serviceUrl(spec.url!)
    if (!parsed.ok) fail('url', `${parsed.problem}; expected an http:// or https:// URL, or stdout`)
  }
  if (spec.startTimeoutMs !== undefined && spec.start === undefined) fail('startTimeoutMs', 'only with start: the kit waits for a service it starts')
  if (spec.env !== undefined && spec.start === undefined) fail('env', 'only with start: the variables of a service the kit starts')
}

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
