import { bundledAdapterNames } from '#harness/adapters/index.ts'

/** The environment variable that carries a run plan from the CLI to the vitest workers. */
export const runPlanVariable = 'CONTRACT_KIT_PLAN'

/** What one run replays: which adapters (with the ports each offers, when known), which scenarios, and whether expectations apply. */
export interface RunPlan {
  adapters: Array<{ name: string; ports?: string[] }>
  /** Case-id patterns (`*`, `**`); empty: every scenario. */
  scenarios: string[]
  /** The folder of scenario files (default: the bundled scenarios/). */
  scenarioDir?: string
  noExpectations: boolean
  /** Write the History of every run, not only of those that did not hold. */
  keepHistories?: boolean
  /** The per-call timeout for every adapter, in milliseconds, unless a scenario sets its own. */
  timeoutMs?: number
}

/** The plan of the main job: every bundled system, in process and over stdio, against every scenario, with expectations. */
export function defaultRunPlan(): RunPlan {
  return { adapters: bundledAdapterNames().map((name) => ({ name })), scenarios: [], noExpectations: false }
}

/** The plan the CLI handed over in the environment, or the default plan (`npm test`). */
export function readRunPlan(env: NodeJS.ProcessEnv = process.env): RunPlan {
  const text = env[runPlanVariable]
  return text ? (JSON.parse(text) as RunPlan) : defaultRunPlan()
}
