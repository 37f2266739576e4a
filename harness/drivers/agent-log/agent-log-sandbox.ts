import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scanFolder } from '#harness/drivers/scan-folder.ts'
import type { SandboxEntry } from '#harness/drivers/scan-folder.ts'
import { writeDecoyStore } from '#harness/drivers/agent-log/decoy-store.ts'
import { createWatchedFolders } from '#harness/drivers/agent-log/watched-folders.ts'
import type { WatchedFolders } from '#harness/drivers/agent-log/watched-folders.ts'

/**
 * The folders of one agent-log run, all under one temporary root: the decoy workspace (a real store), the sandbox
 * inside it that the implementation runs in (its working folder), the workspace a session may get inside the
 * sandbox, and the folders HOME, TMPDIR and the XDG variables point at, beside the decoy.
 */
export interface AgentLogSandbox {
  root: string
  /** The workspace handed to `setup` for a session with one: inside the sandbox, under a regular file when the store must be unwritable. */
  workspace: string
  /** A real workspace outside the sandbox, with a store holding a row, that the run must leave untouched byte for byte. */
  decoy: string
  /** HOME, TMPDIR and the XDG folders of the implementation's processes, watched for a store written there. */
  watched: WatchedFolders
  scan(): Record<string, SandboxEntry>
  scanDecoy(): Record<string, SandboxEntry>
  /** Every path in the sandbox (or in the scan `entries` of it), relative to it, folders with a trailing `/` (the kit's own `blocker` and `workspace/` included). */
  list(entries?: Record<string, SandboxEntry>): string[]
  remove(): void
}

/** Makes the folders of one agent-log run; `sessionId` is the session of the decoy's row (the run's first). */
export function createAgentLogSandbox(store: 'writable' | 'unwritable', sessionId: string): AgentLogSandbox {
  const top = realpathSync(mkdtempSync(join(tmpdir(), 'contract-kit-agent-log-')))
  // The sandbox sits inside the decoy, as a test's temp folder can sit inside a real workspace tree (the report's near
  // miss): an implementation that finds its store by walking up from its working folder finds the decoy's, a real one.
  const decoy = join(top, 'decoy-workspace')
  mkdirSync(decoy)
  writeDecoyStore(decoy, sessionId)
  const watched = createWatchedFolders(join(top, 'outside'))
  const root = realpathSync(mkdtempSync(join(decoy, 'sandbox-')))
  writeFileSync(join(root, 'blocker'), 'a regular file where a folder would have to be\n')
  const workspace = store === 'unwritable' ? join(root, 'blocker', 'workspace') : join(root, 'workspace')
  if (store === 'writable') mkdirSync(workspace)
  const scan = () => scanFolder(root)
  return {
    root,
    workspace,
    decoy,
    watched,
    scan,
    scanDecoy: () => Object.fromEntries(Object.entries(scanFolder(decoy)).filter(([path]) => !join(decoy, path).startsWith(root))),
    list: (entries = scan()) => Object.entries(entries).map(([path, entry]) => (entry.kind === 'dir' ? `${path}/` : path)),
    remove: () => rmSync(top, { recursive: true, force: true }),
  }
}
