import { createPrng } from '#fixtures/analysis-run/prng.ts'
import type { Prng } from '#fixtures/analysis-run/prng.ts'

/** An ordinary agent-log step, as a `generate` step expands into (defaults applied). */
export type GeneratedStep =
  | { start: { agent: string; name: string; kind: string; parent: string } }
  | { complete: { agent: string; status: string; result: string; error: string; duration: string } }
  | { activity: number }
  | { setup: { workspace?: 'sandboxed' | 'none'; session?: string } }
  | 'kill'
  | 'restart'
  | 'reuse'
  | 'check'

/** The parameters of a `generate` step: an agent-log session by its operations, drawn from a seed. */
export interface GenerateSpec {
  seed: number
  agents: number
  running: number
  orphans: number
  reruns: number
  sessions: number
  chats: number
  kills: number
  restarts: number
  reuses: number
  checks: number
  activity?: { bursts: number; events?: number; overCapBy?: number }
}

/** Where a `generate` step starts: the session and workspace open before it, and the session's UI-event cap. */
export interface GenerateContext {
  session: string
  workspace: 'sandboxed' | 'none'
  uiEventCap: number
}

const roles = ['gate', 'reviewer', 'fixer', 'scout', 'planner'] as const
const names = ['Gate', 'Reviewer', 'Fixer', 'Scout', 'Planner', 'Reviewer (security)', 'Prüfer', '審査員', 'Fixer 🛠', 'agent']
const kinds = ['background', 'pulse-reviewer', 'pulse-fixer', 'subagent', 'tool-runner']
const statuses = ['completed', 'completed', 'completed', 'failed', 'cancelled', 'timed_out', 'error', 'skipped']
const results = ['', 'approved', 'changes requested:\n- rename the flag\n- add a test', '{"ok":true,"files":3}', 'ünïcödé ✓ 完了 🚀', '  leading and trailing spaces  ', 'tab\tseparated\tvalues']
const errors = ['timed out', 'exit code 137', 'Error: ENOSPC: no space left on device', 'Traceback (most recent call last):\n  File "agent.py", line 3\nRuntimeError: boom', 'エラー: 失敗しました']
const durations = ['1s', '12.4s', '3m 02s', '00:01:05.250', '250ms', '']

/** The agent ids a generated session uses (`gate-1`, `reviewer-2`, …; `orphan-1`… for completions with no start; `chat-1`… in a session with no workspace). */
export const generatedAgentId = (index: number): string => `${roles[index % roles.length]}-${index + 1}`

/**
 * Expands a `generate` step into ordinary steps, the same for the same parameters: `agents` agents started (all but
 * `running` of them completed, `reruns` of those started and completed again), `orphans` completions whose start was
 * never recorded, spread over `sessions` sessions of the workspace (the one open, and `<session>-2`… switched to with
 * setup steps) and interleaved by the seed, with `kills`, `restarts`, `reuses`, `checks` and activity bursts at seeded
 * points and `chats` spans in a session with no workspace (one agent each, then a check). It ends by checking every
 * session it used and going back to the session it began in.
 */
export function generatedSteps(spec: GenerateSpec, at: GenerateContext): GeneratedStep[] {
  const prng = createPrng(spec.seed)
  const sessions = Array.from({ length: spec.sessions }, (_, k) => (k === 0 ? at.session : `${at.session}-${k + 1}`))
  type Lane = { session: number; steps: GeneratedStep[] }
  const lanes: Lane[] = []
  const completedLanes: Lane[] = []
  const running = new Set(shuffled(prng, spec.agents).slice(0, spec.running))
  for (let i = 0; i < spec.agents; i += 1) {
    const agent = generatedAgentId(i)
    const lane: Lane = { session: prng.int(0, spec.sessions - 1), steps: [startOf(prng, agent, i)] }
    if (!running.has(i)) {
      lane.steps.push(completionOf(prng, agent))
      completedLanes.push(lane)
    }
    lanes.push(lane)
  }
  for (const k of shuffled(prng, completedLanes.length).slice(0, spec.reruns)) {
    const lane = completedLanes[k]!
    const agent = (lane.steps[0] as { start: { agent: string } }).start.agent
    lane.steps.push(startOf(prng, agent, k), completionOf(prng, agent))
  }
  for (let k = 0; k < spec.orphans; k += 1) lanes.push({ session: prng.int(0, spec.sessions - 1), steps: [completionOf(prng, `orphan-${k + 1}`)] })

  // the agents' events, interleaved by the seed, each agent's in its own order
  const merged: Array<{ session: number; step: GeneratedStep }> = []
  const next = lanes.map(() => 0)
  const active = lanes.map((_, i) => i)
  while (active.length > 0) {
    const pick = prng.int(0, active.length - 1)
    const lane = active[pick]!
    merged.push({ session: lanes[lane]!.session, step: lanes[lane]!.steps[next[lane]!]! })
    next[lane]! += 1
    if (next[lane] === lanes[lane]!.steps.length) {
      active[pick] = active[active.length - 1]!
      active.pop()
    }
  }

  // the other operations, each at a seeded point between the agents' events
  const burst = spec.activity ? (spec.activity.events ?? at.uiEventCap + (spec.activity.overCapBy ?? 0)) : 0
  const extras: Array<{ gap: number; steps: GeneratedStep[] }> = []
  const place = (count: number, steps: (k: number) => GeneratedStep[]) => {
    for (let k = 0; k < count; k += 1) extras.push({ gap: prng.int(0, merged.length), steps: steps(k) })
  }
  place(spec.kills, () => ['kill'])
  place(spec.restarts, () => ['restart'])
  place(spec.reuses, () => ['reuse'])
  place(spec.checks, () => ['check'])
  place(spec.activity?.bursts ?? 0, () => [{ activity: burst }])
  place(spec.chats, (k) => [{ setup: { workspace: 'none' } }, startOf(prng, `chat-${k + 1}`, k), completionOf(prng, `chat-${k + 1}`), 'check', { setup: { workspace: at.workspace } }])
  const byGap = new Map<number, GeneratedStep[]>()
  for (const extra of extras) byGap.set(extra.gap, [...(byGap.get(extra.gap) ?? []), ...extra.steps])

  const out: GeneratedStep[] = []
  let current = 0
  const goTo = (session: number) => {
    if (session !== current) out.push({ setup: { session: sessions[session]! } })
    current = session
  }
  for (let gap = 0; gap <= merged.length; gap += 1) {
    out.push(...(byGap.get(gap) ?? []))
    const event = merged[gap]
    if (!event) continue
    goTo(event.session)
    out.push(event.step)
  }
  for (let s = 0; s < sessions.length; s += 1) {
    goTo(s)
    out.push('check')
  }
  goTo(0)
  return out
}

function startOf(prng: Prng, agent: string, index: number): GeneratedStep {
  const parent = prng.pick(['', 'pulse-run-1', `exec-${(index * 7919) % 10007}`, generatedAgentId(Math.max(0, index - 1))])
  return { start: { agent, name: prng.pick(names), kind: prng.pick(kinds), parent } }
}

function completionOf(prng: Prng, agent: string): GeneratedStep {
  const status = prng.pick(statuses)
  const result = prng.int(0, 9) === 0 ? 'x'.repeat(prng.int(100, 4000)) : prng.pick(results)
  return { complete: { agent, status, result, error: status === 'completed' ? '' : prng.pick(errors), duration: prng.pick(durations) } }
}

/** The numbers 0…n-1 in a seeded order (Fisher–Yates). */
function shuffled(prng: Prng, n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i -= 1) {
    const j = prng.int(0, i)
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  return order
}
