import fc from 'fast-check'

/** One operation of an explored agent-log case: an ordinary step, with activity written relative to the UI-event cap until the case is made. */
export type AgentLogOperation =
  | { start: { agent: string; name: string; kind: string; parent: string } }
  | { complete: { agent: string; status: string; result: string; error: string; duration: string } }
  | { activity: { overCapBy: number } }
  | { setup: { session?: string; workspace?: 'sandboxed' | 'none' } }
  | { generate: Record<string, unknown> }
  | 'kill'
  | 'restart'
  | 'reuse'
  | 'corrupt'
  | 'check'

/** The session an explored case starts with, and the others its setup steps open (and go back to). */
export const exploredSessions = ['pulse-a', 'pulse-b', 'pulse-c'] as const

// A few agents, so starts and completions meet; ids that differ only in case or in a digit's place order differently as text.
const agent = fc.constantFrom('gate-1', 'fixer-2', 'Gate-1', 'gate-10')
/** Any well-formed text (every code point but lone surrogates), short. */
const anyText = (minLength: number) => fc.string({ unit: 'binary', minLength, maxLength: 12 })
/** Text a store or a transport may change: NUL, a decomposed accent (NFC would compose it), padding, line and paragraph separators, and long text at sizes where a column or a buffer may end. */
const edgeText = fc.oneof(
  fc.constantFrom('a\u0000b', 'e\u0301', '  padded  ', 'line 1\r\nline 2\u2028', '\t'),
  fc.tuple(fc.constantFrom(255, 256, 1024, 4096, 65_536), fc.constantFrom('x', 'ü', '😀')).map(([n, c]) => c.repeat(n)),
)
// The plain values include what a store may quietly change: a name, result or error with a space or newline at an
// end (a trim), and durations that read as numbers (a column of numeric affinity, or a parse, turns `42` into 42).
const field = (plain: readonly string[], minLength = 0) =>
  fc.oneof({ withCrossShrink: true }, { weight: 6, arbitrary: fc.constantFrom(...plain) }, { weight: 1, arbitrary: anyText(minLength) }, { weight: 1, arbitrary: edgeText })

const start = fc.record({
  agent,
  name: field(['Gate', 'Fixer', 'Reviewer (security)', '審査員 🛠', 'Scout '], 1),
  kind: field(['background', 'pulse-reviewer', 'subagent'], 1),
  parent: field(['', 'pulse-run-1', 'gate-1']),
})

const complete = fc.record({
  agent,
  status: field(['completed', 'failed', 'cancelled', 'timed_out', 'running', 'Completed'], 1),
  result: field(['', 'approved', 'changes requested:\n- add a test', 'ünïcödé ✓ 完了', ' approved\n']),
  error: field(['', 'timed out', 'exit code 137', ' exit code 1 ']),
  duration: field(['1s', '', '12.4s', '00:01:05.250', '42', '1.50']),
})

/** Past the most rows a read of one session may be capped at (a `LIMIT 1000`, a page of a thousand): a few such cases a hundred, a process each. */
const mostAgentsExplored = 1_100

/**
 * A `generate` step's parameters, small: a few dozen agents (now and then a few hundred, or over a thousand in one
 * session, past any page or limit a read might cap), every other operation a few times at most.
 */
const generate = fc
  .record({
    seed: fc.nat({ max: 2 ** 32 - 1 }),
    agents: fc.oneof(
      { withCrossShrink: true },
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }) },
      { weight: 1, arbitrary: fc.integer({ min: 100, max: 400 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1_001, max: mostAgentsExplored }) },
    ),
    running: fc.nat({ max: 5 }),
    reruns: fc.nat({ max: 3 }),
    orphans: fc.nat({ max: 2 }),
    sessions: fc.integer({ min: 1, max: 3 }),
    chats: fc.nat({ max: 1 }),
    kills: fc.nat({ max: 2 }),
    restarts: fc.nat({ max: 1 }),
    reuses: fc.nat({ max: 2 }),
    checks: fc.nat({ max: 2 }),
    activity: fc.option(fc.record({ bursts: fc.integer({ min: 1, max: 3 }), overCapBy: fc.integer({ min: -1, max: 5 }) }), { nil: undefined }),
  })
  .map(({ activity, ...g }) => {
    const running = Math.min(g.running, g.agents)
    // over a thousand agents stay in one session, so that one read must answer all of them
    const counts = { ...g, running, reruns: Math.min(g.reruns, g.agents - running), sessions: g.agents > 1_000 ? 1 : g.sessions }
    // as a person would write it: the parameters left at their defaults (0, one session) are left out
    const written = Object.fromEntries(Object.entries(counts).filter(([key, value]) => key === 'seed' || key === 'agents' || value !== (key === 'sessions' ? 1 : 0)))
    return { ...written, ...(activity ? { activity } : {}) }
  })

/**
 * One operation, weighted toward what meets: starts and completions of a few agents, checks, UI activity around the
 * cap (one under it to a few past it), kills, clean restarts, reuse, switches to another session or workspace, and now
 * and then a seeded `generate` step (a few dozen agents, or a few hundred).
 */
export const agentLogOperation: fc.Arbitrary<AgentLogOperation> = fc.oneof(
  { weight: 12, arbitrary: start.map((s) => ({ start: s })) },
  { weight: 10, arbitrary: complete.map((c) => ({ complete: c })) },
  { weight: 6, arbitrary: fc.constant('check' as const) },
  { weight: 5, arbitrary: fc.integer({ min: -1, max: 3 }).map((overCapBy) => ({ activity: { overCapBy } })) },
  { weight: 3, arbitrary: fc.constant('kill' as const) },
  { weight: 2, arbitrary: fc.constant('restart' as const) },
  { weight: 3, arbitrary: fc.constant('reuse' as const) },
  { weight: 5, arbitrary: fc.constantFrom(...exploredSessions).map((session) => ({ setup: { session } })) },
  { weight: 2, arbitrary: fc.constantFrom('none' as const, 'sandboxed' as const).map((workspace) => ({ setup: { workspace } })) },
  { weight: 2, arbitrary: generate.map((g) => ({ generate: g })) },
)

/**
 * What comes before the operations, weighted toward nothing: a read before any write (the store must not be made by
 * it), or a span in a session with no workspace (an agent and a check) before the workspace is set up again.
 */
export const agentLogLead: fc.Arbitrary<AgentLogOperation[]> = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant<AgentLogOperation[]>([]) },
  { weight: 1, arbitrary: fc.constant<AgentLogOperation[]>(['check']) },
  {
    weight: 1,
    arbitrary: fc.tuple(start, fc.option(complete, { nil: undefined })).map(([s, c]): AgentLogOperation[] => [{ setup: { workspace: 'none' } }, { start: s }, ...(c ? [{ complete: c }] : []), 'check', { setup: { workspace: 'sandboxed' } }]),
  },
)

/**
 * What may come after a case's last check, weighted toward nothing: the store damaged (`corrupt`: the process stopped,
 * every file under the workspace overwritten), now and then an agent started on it, and a check by a new process —
 * whose records must answer normally, the rows it can still read or `[]`. Drawn after the case, so that every check
 * before it is judged as it was without it.
 */
export const agentLogDamagedTail: fc.Arbitrary<AgentLogOperation[]> = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant<AgentLogOperation[]>([]) },
  { weight: 1, arbitrary: fc.option(start, { nil: undefined }).map((s): AgentLogOperation[] => ['corrupt', ...(s ? [{ start: s }] : []), 'check']) },
)
