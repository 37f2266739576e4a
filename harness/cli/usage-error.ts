/** Bad usage or bad input (an unknown flag, an invalid scenario, nothing selected): one line for the user, and exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
