/** One cheap, valid request doctor times. */
export interface LatencyCall {
  method: string
  params: object
}

/** A tiny run (docs/fixtures.md): one model exchange and one tool call, with a non-ASCII character. */
const records = [
  { seq: 1, record_type: 'evaluation-source', payload: { turn: 1, source: '(doctor 1)' } },
  {
    seq: 2,
    record_type: 'capability-input',
    call_id: 'cap-0001',
    payload: { name: 'llm-request', args: { model: 'doctor', messages: [{ role: 'user', content: 'ping' }] } },
  },
  {
    seq: 3,
    record_type: 'capability-output',
    call_id: 'cap-0001',
    payload: { name: 'llm-request', result: { message: { role: 'assistant', content: 'pong' }, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } },
  },
  { seq: 4, record_type: 'capability-input', call_id: 'cap-0002', payload: { name: 'mcp-call', args: { server: 'doctor', tool: 'echo', arguments: { text: 'é' } } } },
  { seq: 5, record_type: 'capability-output', call_id: 'cap-0002', payload: { name: 'mcp-call', result: { content: 'é', isError: false, turn: 1 } } },
]

const ceilings = [
  { measure: 'json-bytes', max: 262_144 },
  { measure: 'retained-bytes', max: 1_048_576 },
]

const collections = ['capability-calls', 'model-exchanges']

/**
 * The `index`-th request (from 0) doctor sends to time a port: its setup first, then cheap calls in turn.
 * `pager`: `pager.setup` with the tiny run, then `pager.read`s of one item, following the cursor of the last page
 * (`previousResult`). `agent-log`: `agent-log.setup` in `workspace` (a scratch folder), then starts, completions,
 * UI activity and `records`. `tool-output`: `tool-output.run` of a short output with no spiller.
 */
export function latencyCall(port: string, index: number, context: { workspace: string; previousResult: unknown }): LatencyCall | undefined {
  if (port === 'pager') {
    if (index === 0) return { method: 'pager.setup', params: { records, ceilings } }
    const previous = context.previousResult as { cursor?: unknown } | null
    const cursor = index > 1 && typeof previous?.cursor === 'string' ? previous.cursor : null
    return { method: 'pager.read', params: { collection: collections[0], limit: 1, cursor } }
  }
  if (port === 'agent-log') {
    const sessionId = 'doctor-session'
    if (index === 0) return { method: 'agent-log.setup', params: { workspacePath: context.workspace, sessionId, uiEventCap: 200 } }
    const agentId = `doctor-agent-${Math.ceil(index / 4)}`
    const step = [
      { method: 'agent-log.agentStarted', params: { sessionId, agentId, name: 'Doctor', kind: 'doctor', parentExecutionId: 'doctor-exec' } },
      { method: 'agent-log.agentCompleted', params: { sessionId, agentId, status: 'completed', result: 'ok', error: '', duration: '1ms' } },
      { method: 'agent-log.uiActivity', params: { sessionId, count: 1 } },
      { method: 'agent-log.records', params: { sessionId } },
    ]
    return step[(index - 1) % step.length]
  }
  if (port === 'tool-output') {
    return { method: 'tool-output.run', params: { output: 'doctor: a short tool output é\n', cap: { unit: 'runes', max: 8000 }, spill: { policy: 'none' } } }
  }
  return undefined
}
