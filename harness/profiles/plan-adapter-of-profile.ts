import type { Profile } from '#harness/profiles/load-profile.ts'
import type { PlanAdapter } from '#harness/runner/run-plan.ts'

/** The plan entry that runs a profile's implementation: started from its command, with its entries, patterns and capabilities. */
export function planAdapterOfProfile(profile: Profile): PlanAdapter {
  return {
    name: profile.name,
    ports: profile.ports,
    launch: {
      transport: profile.transport,
      command: profile.command,
      cwd: profile.cwd,
      ...(profile.env ? { env: profile.env } : {}),
      ...(profile.timeoutMs ? { timeoutMs: profile.timeoutMs } : {}),
      ...(profile.url !== undefined ? { url: profile.url } : {}),
      ...(profile.startTimeoutMs ? { startTimeoutMs: profile.startTimeoutMs } : {}),
    },
    expectations: profile.expectations,
    flakyRetries: profile.flakyRetries,
    ...(profile.timeScale !== undefined ? { timeScale: profile.timeScale } : {}),
    scenarios: profile.scenarios,
    capabilities: profile.capabilities,
    select: ['--profile', profile.given],
  }
}
