import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scanFolder } from '#harness/drivers/scan-folder.ts'
import type { SandboxEntry } from '#harness/drivers/scan-folder.ts'

/** The folders of one agent-log run: the sandbox the implementation runs in, the workspace a session may get, and a decoy workspace around it (outside the sandbox). */
export interface AgentLogSandbox {
  root: string
  /** The workspace handed to `setup` for a session with one: inside the sandbox, under a regular file when the store must be unwritable. */
  workspace: string
  /** A real-looking workspace outside the sandbox, with a store file, that the run must leave untouched byte for byte. */
  decoy: string
  scan(): Record<string, SandboxEntry>
  scanDecoy(): Record<string, SandboxEntry>
  /** Every path in the sandbox, relative to it, folders with a trailing `/` (the kit's own `blocker` and `workspace/` included). */
  list(): string[]
  remove(): void
}

/** Makes the folders of one agent-log run. */
export function createAgentLogSandbox(store: 'writable' | 'unwritable'): AgentLogSandbox {
  // The sandbox sits inside the decoy, as a test's temp folder can sit inside a real workspace tree (the report's near
  // miss): an implementation that finds its store by walking up from its working folder finds the decoy's.
  const decoy = realpathSync(mkdtempSync(join(tmpdir(), 'contract-kit-decoy-workspace-')))
  mkdirSync(join(decoy, 'db'))
  writeFileSync(join(decoy, 'db', 'README'), 'a real workspace database folder: never to be written by a test\n')
  const root = realpathSync(mkdtempSync(join(decoy, 'sandbox-')))
  writeFileSync(join(root, 'blocker'), 'a regular file where a folder would have to be\n')
  const workspace = store === 'unwritable' ? join(root, 'blocker', 'workspace') : join(root, 'workspace')
  if (store === 'writable') mkdirSync(workspace)
  const scan = () => scanFolder(root)
  return {
    root,
    workspace,
    decoy,
    scan,
    scanDecoy: () => Object.fromEntries(Object.entries(scanFolder(decoy)).filter(([path]) => !join(decoy, path).startsWith(root))),
    list: () => Object.entries(scan()).map(([path, entry]) => (entry.kind === 'dir' ? `${path}/` : path)),
    remove: () => rmSync(decoy, { recursive: true, force: true }),
  }
}
