import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { SandboxEntry } from '#harness/drivers/scan-folder.ts'

const named = { fifo: 'a named pipe (FIFO)', socket: 'a socket', device: 'a device' } as Record<string, string>

/**
 * What a scan of a folder the implementation writes in refused to read, each path with its reason (for the History's
 * note), and — when one of them is a named pipe, socket or device — the error the run ends with (`protocol`: the kit
 * reads only regular files an implementation leaves, so it judges nothing of the run), naming each such path and what
 * it is; `where` says which folder the paths are in ("in its working folder").
 */
export function refusedEntries(entries: Record<string, SandboxEntry>, where: string): { refused: Array<{ path: string; reason: string }>; error?: AdapterError } {
  const refused = Object.entries(entries).flatMap(([path, entry]) => (entry.refused === undefined ? [] : [{ path, reason: entry.refused }]))
  const special = Object.entries(entries).filter(([, entry]) => entry.kind === 'special')
  if (special.length === 0) return { refused }
  const listed = special.slice(0, 3).map(([path, entry]) => `${JSON.stringify(path)} (${named[entry.digest] ?? 'not a regular file'})`)
  const more = special.length > 3 ? `, and ${special.length - 3} more` : ''
  const what = special.length === 1 ? `${named[special[0]![1].digest] ?? 'a file that is not a regular file'} ${where}: ${JSON.stringify(special[0]![0])}` : `${special.length} files that are not regular files ${where}: ${listed.join(', ')}${more}`
  const message = `the implementation left ${what}; the kit reads only regular files an implementation leaves (a pipe would block the reader), so it judges nothing of this run`
  return { refused, error: new AdapterError('protocol', message) }
}
