import { resolveAdapter } from '#harness/adapters/index.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { expectationsFor } from '#harness/expectations/expectations-for.ts'
import { executePlan } from '#harness/runner/execute-plan.ts'
import type { RunPlan } from '#harness/runner/run-plan.ts'
import { bundledSystemOf } from '#harness/adapters/index.ts'
import { portOfBundled } from '#fixtures/systems/index.ts'
import { parseFlags, selectionOptions, selectRun } from '#harness/cli/select-run.ts'
import { UsageError } from '#harness/cli/usage-error.ts'

/**
 * `contract-kit run`: checks the selection (exit 2 when it is bad or empty), asks each stdio implementation which ports
 * it offers, then runs the selected scenarios × adapters as vitest tests and writes the reports. Exit 0, 1 or 2.
 */
export async function runCommand(args: string[]): Promise<number> {
  const { values } = parseFlags({
    args,
    options: { ...selectionOptions, out: { type: 'string', default: 'reports' }, 'no-expectations': { type: 'boolean', default: false }, 'keep-histories': { type: 'boolean', default: false }, timeout: { type: 'string' } },
    allowPositionals: false,
    strict: true,
  })
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout)
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new UsageError(`--timeout: expected a positive whole number of milliseconds, got ${JSON.stringify(values.timeout)}`)
  const { scenarios, adapters, patterns, scenarioDir } = await selectRun(values)
  if (!values['no-expectations']) for (const name of adapters) expectationsFor(name)
  const plan: RunPlan = { adapters: [], scenarios: patterns, ...(scenarioDir ? { scenarioDir } : {}), noExpectations: values['no-expectations'], keepHistories: values['keep-histories'], ...(timeoutMs ? { timeoutMs } : {}) }
  for (const name of adapters) plan.adapters.push({ name, ...(await declaredPorts(name, timeoutMs)) })
  const runs = plan.adapters.flatMap((a) => scenarios.filter((s) => a.ports === undefined || a.ports.includes(s.scenario.port)))
  if (runs.length === 0) {
    throw new UsageError(`no selected scenario uses a port the selected adapters offer (${plan.adapters.map((a) => `${a.name}: ${a.ports?.join(', ') || 'none'}`).join('; ')})`)
  }
  const ports = runs.map((s) => s.scenario.port)
  const results = await executePlan(plan, { outDir: values.out, ports })
  return results.passed ? 0 : 1
}

/** The ports an adapter offers: a bundled system's own, or what a stdio implementation declares in its handshake (unknown if it fails: its runs then end in `error`). */
async function declaredPorts(name: string, timeoutMs: number | undefined): Promise<{ ports?: string[] }> {
  const system = bundledSystemOf(name)
  if (system !== undefined) return { ports: [portOfBundled(system)] }
  try {
    const connection = await resolveAdapter(name, { timeoutMs }).open()
    const ports = connection.system.ports
    await connection.close()
    return { ports }
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    console.error(`contract-kit: ${name}: ${error.message}`)
    return {}
  }
}
