import { bundledAdapterNames } from '#harness/adapters/index.ts'
import { loadShippedSystems, portsNamedBy } from '#harness/adapters/shipped-systems.ts'
import { bundledProfiles } from '#harness/profiles/bundled-profiles.ts'
import { planAdapterOfProfile } from '#harness/profiles/plan-adapter-of-profile.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import { suiteHistoriesVariable } from '#harness/runner/suite-histories.ts'

/** The environment variable that carries a run plan from the CLI to the vitest workers. */
export const runPlanVariable = 'CONTRACT_KIT_PLAN'

/** One adapter of a plan: its name and ports, and for a profile how to start it, what to run and what it is known to fail. */
export interface PlanAdapter {
  name: string
  /** The ports it offers, when known (a bundled system's, a profile's, or a stdio handshake's). */
  ports?: string[]
  /** How to start a profile's implementation; absent: the name is resolved (bundled, `stdio:`, `command:`). */
  launch?: {
    transport: 'stdio' | 'command' | 'http'
    /** The argv to start (http: `start`, empty for a service already running). */
    command: string[]
    cwd: string
    env?: Record<string, string>
    timeoutMs?: number
    /** http: the URL, or `stdout` (the started service prints it). */
    url?: string
    /** http with a start command: how long it may take to answer `initialize`. */
    startTimeoutMs?: number
  }
  /** The profile's entries (known-failing and known-flaky); absent: the bundled system's list. */
  expectations?: KnownFailingEntry[]
  /** How many times a known-flaky case runs again before it counts. */
  flakyRetries?: number
  /** The profile's time scale, multiplied by the run's. */
  timeScale?: number
  /** The profile's scenario patterns; absent or empty: all. */
  scenarios?: string[]
  /** The capabilities it has; absent: all. */
  capabilities?: string[]
  /** The command-line words that select it, for `Reproduce with:` (default `--adapter NAME`). */
  select?: string[]
}

/** What one run replays: which adapters (with the ports each offers, when known), which scenarios, and whether expectations apply. */
export interface RunPlan {
  adapters: PlanAdapter[]
  /** Case-id patterns (`*`, `**`); empty: every scenario. */
  scenarios: string[]
  /** The folder of scenario files (default: the bundled scenarios/). */
  scenarioDir?: string
  noExpectations: boolean
  /** Write the History of every run, not only of those that did not hold. */
  keepHistories?: boolean
  /** The per-call timeout for every adapter, in milliseconds, unless a scenario sets its own. */
  timeoutMs?: number
  /** The run's time scale (`--time-scale`, CONTRACT_KIT_TIME_SCALE): every duration a scenario gives is multiplied by it; absent: the variable's, else 1. */
  timeScale?: number
  /**
   * The reports folder (absolute), when each worker writes the History it keeps there as soon as its run ends (the
   * run's own process then never holds them all); absent: Histories travel with the outcomes (a shard, the API).
   */
  historyDir?: string
  /** Every scenario opens its connection afresh and closes it when done (the mutation measure: a system is then made in every test, not once per file). */
  freshConnections?: boolean
}

/** The plan of the main job: every bundled system, in process and over stdio (and `pager/reference@http`), and every bundled profile, against every scenario, with expectations. */
export function defaultRunPlan(): RunPlan {
  return { adapters: [...bundledAdapterNames().map((name) => ({ name })), ...bundledProfiles().map(planAdapterOfProfile)], scenarios: [], noExpectations: false }
}

/**
 * The plan the CLI handed over in the environment, or the default plan (`npm test`) — writing every run's History into
 * the folder CONTRACT_KIT_SUITE_HISTORIES names, when it names one; loads the shipped systems only when the plan names
 * one (a plan of a user's own adapters and profiles never imports them).
 */
export async function readRunPlan(env: NodeJS.ProcessEnv = process.env): Promise<RunPlan> {
  const text = env[runPlanVariable]
  const plan = text ? (JSON.parse(text) as RunPlan) : undefined
  if (!plan) await loadShippedSystems()
  else {
    const ports = portsNamedBy(plan.adapters.filter((a) => a.launch === undefined).map((a) => a.name))
    if (ports.length > 0) await loadShippedSystems(ports)
  }
  if (plan) return plan
  const historyDir = env[suiteHistoriesVariable]
  return { ...defaultRunPlan(), ...(historyDir ? { keepHistories: true, historyDir } : {}) }
}
