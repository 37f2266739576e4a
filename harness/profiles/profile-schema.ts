import { z } from 'zod'
import { expected, integer, kebab, oneLine, strict, text } from '#harness/scenario/schema-helpers.ts'
import { capabilityNames } from '#harness/profiles/capabilities.ts'
import { isTimeScale, maxTimeScale } from '#harness/timing/time-scale.ts'

const portNames = ['agent-log', 'pager', 'session-client', 'snapshotter', 'tool-output'] as const
const day = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const casePattern = /^[a-z0-9*]+(?:[-/][a-z0-9*]+|\*)*$/
const contractPattern = /^[a-z0-9*-]+(?:\/[a-z0-9*-]+)*$/

/** Whether a YYYY-MM-DD text names a day that exists (2027-02-30 does not). */
function isCalendarDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/** A command: one line, or a list of words; no shell is involved. */
const argv = z.union([text('a command line'), z.array(text('a word'), { error: expected('a list of words') }).min(1)], { error: expected('a command line or a list of words') })

const entry = strict(
  {
    case: text('a scenario id or pattern (regressions/plat-114/*)', casePattern).describe('The scenario id, or a pattern: * within one level, ** across levels.'),
    contract: text('a contract id or pattern (durability/survives-eviction)', contractPattern)
      .optional()
      .describe('The contract expected to break (a pattern allowed); absent: any contract of the case.'),
    reason: text('one line saying why it fails', oneLine).describe('Why it fails, on one line.'),
    link: z
      .url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: expected('the http(s) URL of the issue that tracks it') })
      .max(2048, { error: expected('a URL of at most 2,048 characters') })
      .describe('The issue that tracks it (http or https).'),
    expires: z
      .string({ error: expected('a date YYYY-MM-DD') })
      .regex(day, { error: expected('a date YYYY-MM-DD') })
      .refine(isCalendarDay, { error: expected('a date YYYY-MM-DD that is on the calendar') })
      .optional()
      .describe('The last day (UTC) the entry excuses a failure; after it the run fails until the entry is fixed or extended.'),
  },
  'an entry with case, reason and link (and contract, expires)',
)

/** The schema of a profile file: one implementation under test, how to start it, what it offers, and what it is known to fail. */
export const profileSchema = strict(
  {
    name: text('a name of lowercase letters, digits and dashes', new RegExp(`^${kebab}$`)).describe('The implementation’s name in reports (kebab-case).'),
    ports: z
      .array(z.enum(portNames, { error: expected(`one of ${portNames.join(', ')}`) }), { error: expected('a list of ports') })
      .min(1, { error: expected('at least one port') })
      .describe('The ports it implements; only their scenarios run.'),
    transport: z
      .enum(['stdio', 'command', 'http'], { error: expected('stdio, command or http') })
      .describe('stdio: a JSON-RPC process (docs/stdio-protocol.md); command: a client CLI run per scenario (session-client); http: a JSON-RPC service over HTTP (docs/http-protocol.md).'),
    command: argv.optional().describe('stdio and command: what to start, without a shell; words starting ./ or ../ are paths relative to this file’s folder.'),
    url: z
      .string({ error: expected('an http:// or https:// URL, or stdout') })
      .max(2048, { error: expected('a URL of at most 2,048 characters') })
      .optional()
      .describe('http: the URL every request is POSTed to, or `stdout`: the first line the started service prints.'),
    start: argv
      .optional()
      .describe('http: the service to start for each connection (as command); absent: a service already running at url.'),
    startTimeoutMs: integer('a positive whole number of milliseconds, at most 600000', 1, 600_000)
      .optional()
      .describe('http with start: how long the service may take to answer initialize (default 10000).'),
    env: z.record(z.string(), z.string({ error: expected('a string') }), { error: expected('a mapping of NAME: value') }).optional().describe('Variables added to the environment.'),
    timeoutMs: integer('a positive whole number of milliseconds, at most 600000', 1, 600_000).optional().describe('Each call’s limit (default 10000).'),
    timeScale: z
      .number({ error: expected(`a time scale from 1 to ${maxTimeScale}`) })
      .refine(isTimeScale, { error: expected(`a time scale from 1 to ${maxTimeScale}, with at most three decimals (2, 1.5)`) })
      .optional()
      .describe('Every duration the kit gives it (a client’s deadline and try limit, delays, GOAWAY grace) is multiplied by this, and by the run’s --time-scale (default 1).'),
    capabilities: z
      .array(z.enum(capabilityNames, { error: expected(`one of ${capabilityNames.join(', ')}`) }), { error: expected('a list of capabilities') })
      .optional()
      .describe('The optional features it has; scenarios needing one it lacks are not run. Absent: all of them.'),
    scenarios: z.array(text('a scenario pattern', casePattern), { error: expected('a list of scenario patterns') }).optional().describe('Which scenarios to run (patterns); absent: all of its ports.'),
    knownFailing: z.array(entry, { error: expected('a list of entries') }).default([]).describe('Cases expected to break: each with a reason, a link and an optional expiry.'),
    knownFlaky: z.array(entry, { error: expected('a list of entries') }).default([]).describe('Cases that may hold or break: retried, and never a failure while listed.'),
    flakyRetries: integer('a whole number from 0 to 10', 0, 10).default(2).describe('How many times a known-flaky case is run again before it counts as broken.'),
  },
  'a profile: name, ports, transport, command or url (and start, startTimeoutMs, env, timeoutMs, timeScale, capabilities, scenarios, knownFailing, knownFlaky)',
)

/** A profile as written (after defaults). */
export type ProfileSpec = z.output<typeof profileSchema>
