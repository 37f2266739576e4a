/** What the kit can observe of an implementation through a connection, beyond the answers to its calls. */
export const observations = {
  stderr: 'what it writes on stderr',
  pid: 'its process id',
  'kill-restart': 'its process, to kill with SIGKILL and start again on the same store',
  files: 'the files it writes relative to its working folder, a folder the kit chooses',
} as const

/** One thing the kit can observe of an implementation: `stderr`, `pid`, `kill-restart` or `files`. */
export type Observation = keyof typeof observations

/** Everything a process of its own lets the kit observe (stdio and command transports). */
export const processObservations: readonly Observation[] = ['stderr', 'pid', 'kill-restart', 'files']

/** The observations `needed` that `has` lacks, each with what it means, for an `untestable` reason. */
export function missingObservations(needed: readonly Observation[], has: readonly Observation[]): Observation[] {
  return [...new Set(needed)].filter((o) => !has.includes(o))
}
