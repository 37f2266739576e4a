import type { PagerPort } from '#harness/ports/pager-port.ts'
import type { SessionClientPort } from '#harness/ports/session-client-port.ts'
import type { SnapshotterPort } from '#harness/ports/snapshotter-port.ts'
import type { ToolOutputPort } from '#harness/ports/tool-output-port.ts'
import type { AgentLogPort } from '#harness/ports/agent-log-port.ts'
import type { Observation } from '#harness/adapters/observation.ts'

/** Every port the kit knows, by the name an implementation declares in its handshake. */
export interface PortMap {
  pager: PagerPort
  'session-client': SessionClientPort
  snapshotter: SnapshotterPort
  'tool-output': ToolOutputPort
  'agent-log': AgentLogPort
}

/** The name of a port, as declared in a handshake and named by a scenario. */
export type PortName = keyof PortMap

/** How the kit reaches an implementation. */
export type Transport = 'in-process' | 'stdio' | 'command' | 'http'

/** What the kit knows about the implementation behind a connection, for the History and the report. */
export interface SystemInfo {
  name: string
  transport: Transport
  ports: PortName[]
  pid?: number
  command?: string[]
  /** The URL of a service reached over HTTP (`http:` adapters). */
  url?: string
}

/** A live connection to one implementation, offering the ports its handshake declared. */
export interface Connection {
  /** What the implementation declared and how it is reached. */
  readonly system: SystemInfo
  /** The operations of one declared port. */
  port<P extends PortName>(name: P): PortMap[P]
  /** What the kit can observe of the implementation beyond its answers (stderr, pid, kill and restart, the files it writes): none in process. */
  readonly observes: readonly Observation[]
  /** What the implementation wrote to stderr so far (empty when `observes` lacks `stderr`). */
  stderr(): string
  /** Ends the connection and the implementation behind it. */
  close(): Promise<void>
  /** A scenario starts on this connection: bounds that hold per scenario (stdio: the answers read) count from here. */
  beginScenario?(): void
}

/** How the kit opens a connection to one implementation under test. */
export interface Adapter {
  /** The name reports use: a bundled system (`pager/reference`), `stdio:<command line>` or `http:<url>`. */
  readonly name: string
  /**
   * Starts or loads the implementation and completes the handshake; `cwd` runs a subprocess in that folder (a sandbox),
   * and `env` adds variables to its environment (HOME, TMPDIR… pointed at folders the kit watches).
   */
  open(options?: OpenOptions): Promise<Connection>
}

/** Where a subprocess is started: its working folder and variables added to its environment (ignored in process). */
export interface OpenOptions {
  cwd?: string
  env?: Record<string, string>
}
