import type { PortName } from '#harness/adapters/adapter.ts'

/** One contract family of the scaling section: the port whose contracts it judges, its three sizes, and how a scenario of a size reads. */
export interface ScalingFamily {
  port: PortName
  /** What the sizes count, plural (`exchanges`, `siblings`). */
  unit: string
  /** 1×, 10× and 100×. */
  sizes: readonly [number, number, number]
  /** The adapter the History is recorded against: the port's bundled reference. */
  adapter: string
  /** The scenario of one size, as a scenario file holds it (without a title). */
  scenario(size: number): Record<string, unknown>
  /** What the size is and how the scenario is built, for the notes. */
  about: string
  /** The system syncs every write to disk: its History is recorded with the temporary folder (the driver's sandbox) in memory, where the machine has one. */
  syncsEveryWrite?: boolean
}

/** The sessions of the agent-log family's generated run (`generate` opens `<session>-2`, `<session>-3`). */
const sessions = ['pulse-long', 'pulse-long-2', 'pulse-long-3']

/** The pager family's ceilings: those `largestItemOf: model-exchanges` gives its 400-exchange run (a page of its largest exchange alone). */
export const pagerCeilings = { jsonBytes: 4_821, retainedBytes: 17_552 }

/**
 * A flat page `siblings` wide, seed 12, names of 4 to 20 code points (the 5,000-sibling scenarios' have up to 40; at
 * 50,000 siblings that would pass the schema's bound of 1,000,000 code points of names, so every size takes 20).
 */
const flatPage = (siblings: number) => ({ kind: 'flat', siblings, text: { min: 4, max: 20 }, seed: 12 })

/**
 * The contract families the scaling section measures, each at 1×, 10× and 100× of what its contracts judge, built like
 * the bundled scenario of that family (scenarios/pager/four-hundred-exchanges.yaml, …/five-thousand-siblings*.yaml,
 * session-client/generated-25000-lines.yaml, agent-log/long-session-by-operations.yaml) with the size scaled and
 * everything per item held constant, so a linear check takes 10× the time per step.
 */
export const scalingFamilies: readonly ScalingFamily[] = [
  {
    port: 'pager',
    unit: 'exchanges',
    sizes: [40, 400, 4_000],
    adapter: 'pager/reference',
    // a 10-message context window keeps each exchange the same size whatever the run's length (a cumulative one grows as
    // the square); the ceilings are the ones the 400-exchange run's largest exchange gives (`largestItemOf`), held at every
    // size: relative to each run's largest exchange, which grows with the run, they let 15% of the exchanges fit a page at
    // 400 and 39% at 4,000, and the pages read grew 17× in bytes for 10× the exchanges
    scenario: (n) => ({
      port: 'pager',
      fixture: { 'analysis-run': { seed: 400, preludes: 11, turns: n, exchanges: n, toolCalls: 3 * n, context: 10, unpaired: [7], repeatedOutputs: [1] } },
      given: { ceilings: [{ measure: 'json-bytes', max: pagerCeilings.jsonBytes }, { measure: 'retained-bytes', max: pagerCeilings.retainedBytes }] },
      steps: [{ walk: { collection: 'model-exchanges', limit: 100 } }, { walk: { collection: 'capability-calls', limit: 100 } }],
    }),
    about: 'a generated run of n turns, n exchanges (10-message context) and 3n tool calls, both collections walked under the same two ceilings at every size',
  },
  {
    port: 'tool-output',
    unit: 'siblings',
    sizes: [500, 5_000, 50_000],
    adapter: 'tool-output/reference',
    scenario: (n) => ({ port: 'tool-output', given: { page: flatPage(n), cap: { unit: 'utf16-units', wideCharacter: n / 10, by: 1 }, spill: 'granted' } }),
    about: 'a flat page of n siblings, cut inside its (n/10)th surrogate pair, spilled and read back',
  },
  {
    port: 'snapshotter',
    unit: 'siblings',
    sizes: [500, 5_000, 50_000],
    adapter: 'snapshotter/built-in',
    scenario: (n) => ({ port: 'snapshotter', given: { page: flatPage(n), requests: [{ depth: 2, compact: true }, { depth: 1, interactive: true }] } }),
    about: 'a flat page of n siblings: the depth sweep, the option sets and two more requests (13 snapshots)',
  },
  {
    port: 'session-client',
    unit: 'reply lines',
    sizes: [2_500, 25_000, 250_000],
    adapter: 'session-client/reference',
    // 8 characters a line: 250,000 lines is the most a generated reply may hold (4,000,000 characters); deadlines that a large reply meets
    scenario: (n) => ({
      port: 'session-client',
      given: {
        reply: { seed: 25_000, lines: n, lineChars: 8, scripts: ['ascii', 'latin', 'cjk', 'emoji', 'combining', 'sequences'], numbered: 'plain', cut: { intoCharacter: 2 } },
        framesAfter: 1,
        reads: ['unavailable', 'ok'],
        timeoutMs: 120_000,
        tryTimeoutMs: 60_000,
      },
    }),
    about: 'a generated reply of n lines of mixed scripts, cut into a character by the view, read whole after a failed try',
  },
  {
    port: 'agent-log',
    unit: 'UI events',
    sizes: [200, 2_000, 20_000],
    adapter: 'agent-log/reference@stdio',
    // n agent events (n/2 starts, n/2 completions: each a background_agent_* UI event) over 3 sessions, with n/20 bursts
    // past the cap among them; then every session is taken past the cap, the process killed and restarted, and every
    // session checked after each: the lifecycle and the checks come after every agent, so what each contract judges
    // grows as n does (a generated kill at a seeded point would cover a different share of the agents at each size)
    scenario: (n) => ({
      port: 'agent-log',
      given: { session: 'pulse-long' },
      steps: [
        { generate: { seed: 114, agents: (19 * n) / 40, running: n / 40, reruns: n / 40, orphans: n / 40, sessions: 3, chats: 2, activity: { bursts: n / 20, overCapBy: 50 }, reuses: 2 } },
        ...sessions.flatMap((session) => [{ setup: { session } }, { activity: 250 }]), // the default cap of 200, and 50 past it
        'kill',
        ...sessions.flatMap((session) => [{ setup: { session } }, 'check']),
        'restart',
        ...sessions.flatMap((session) => [{ setup: { session } }, 'check']),
      ],
    }),
    about: 'n agent events (starts and completions, each a background_agent_* UI event) over 3 sessions with n/20 activity bursts past the cap, then every session past the cap, a kill and a restart, each followed by a check of every session, over stdio',
    syncsEveryWrite: true,
  },
]
