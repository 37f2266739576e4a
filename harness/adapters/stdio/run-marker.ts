import { randomBytes } from 'node:crypto'

/** The environment variable that marks every process of one run: it holds the run's token (after any outer run's, comma-separated). */
export const runMarkerVariable = 'CONTRACT_KIT_RUN'

/** A fresh random token for one spawned implementation, and its environment with the token added to the marker variable. */
export function markedEnvironment(env: NodeJS.ProcessEnv | undefined): { token: string; env: NodeJS.ProcessEnv } {
  const token = randomBytes(12).toString('hex')
  const base = env ?? process.env
  const outer = base[runMarkerVariable]
  return { token, env: { ...base, [runMarkerVariable]: outer ? `${outer},${token}` : token } }
}
