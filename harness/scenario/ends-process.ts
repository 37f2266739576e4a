/** Whether an agent-log step ends the implementation's process, so that the next step is made by a new one: `kill` (SIGKILL), `restart`, and `corrupt` (stopped while the kit damages its store). */
export function endsProcess(step: unknown): step is 'kill' | 'restart' | 'corrupt' {
  return step === 'kill' || step === 'restart' || step === 'corrupt'
}
