/** What an agent-log implementation is set up with for one session: where its workspace is (if any), the session, and the UI-event cap. */
export interface AgentLogSetup {
  /** The workflow's workspace folder, where the durable store lives; `null` for a plain chat session (no store at all). */
  workspacePath: string | null
  sessionId: string
  /** How many UI events the session's UI-event list keeps (the report's 200). */
  uiEventCap: number
}

/** A background agent started. */
export interface AgentStarted {
  sessionId: string
  agentId: string
  name: string
  kind: string
  parentExecutionId: string
}

/** A background agent completed. */
export interface AgentCompleted {
  sessionId: string
  agentId: string
  status: string
  result: string
  error: string
  duration: string
}

/** One durable record of a background agent, as the implementation reads it back (the report's background_agent_log row). */
export interface AgentRecord {
  sessionId: string
  agentId: string
  name: string
  kind: string
  parentExecutionId: string
  status: string
  result: string
  error: string
  duration: string
  startedAt: string
  completedAt: string
}

/** The agent-log port: record background agents' starts and completions durably, and read them back (docs/agent-log-port.md). */
export interface AgentLogPort {
  /** Opens (or reopens, after a restart) the log of one session. */
  setup(request: AgentLogSetup): Promise<void>
  /** Records that an agent started; never fails the agent (a write failure is logged to stderr and swallowed). */
  agentStarted(event: AgentStarted): Promise<void>
  /** Records that an agent completed; never fails the agent. */
  agentCompleted(event: AgentCompleted): Promise<void>
  /** Other activity on the session that fills its UI-event list (`count` events). */
  uiActivity(request: { sessionId: string; count: number }): Promise<void>
  /** The session's records from whatever the implementation treats as durable, oldest first. */
  records(request: { sessionId: string }): Promise<AgentRecord[]>
}
