import { realpath } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { quoted } from '#harness/contracts/text-difference.ts'
import type { RecoveryFinding } from '#harness/recovery/recovery-finding.ts'

/**
 * Resolves a recovery path inside the grant folder: relative paths are taken from the folder; no `..` segment; the
 * path must lie inside the folder as written, and its real path (symlinks followed) inside `realpath(folder)`.
 * Returns the real path, or a finding quoting the path as given.
 */
export async function resolveInGrant(path: string, folder: string): Promise<{ ok: true; path: string } | { ok: false; finding: RecoveryFinding }> {
  const refuse = (reason: string) => ({ ok: false as const, finding: { kind: 'refused' as const, reason, quoted: path } })
  if (path === '' || path.includes('\0')) return refuse('the path is empty or holds a NUL')
  if (path.split(/[\\/]/).includes('..')) return refuse('the path has a `..` segment')
  let realFolder: string
  try {
    realFolder = await realpath(folder)
  } catch (error) {
    return refuse(`the grant folder ${quoted(folder, Infinity)} cannot be resolved (${codeOf(error)})`)
  }
  const lexical = isAbsolute(path) ? resolve(path) : resolve(folder, path)
  if (!within(lexical, resolve(folder)) && !within(lexical, realFolder)) return refuse(`the path is not inside the grant folder ${quoted(folder, Infinity)}`)
  let real: string
  try {
    real = await realpath(lexical)
  } catch (error) {
    return refuse(`the path cannot be resolved (${codeOf(error)})`)
  }
  if (!within(real, realFolder)) return refuse(`the path resolves to ${quoted(real, Infinity)}, outside the grant folder ${quoted(realFolder, Infinity)}`)
  return { ok: true, path: real }
}

/** Whether `path` is strictly inside `folder` (both absolute and normalized). */
function within(path: string, folder: string): boolean {
  const rel = relative(folder, path)
  return rel !== '' && !rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel)
}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? String(error)
}
