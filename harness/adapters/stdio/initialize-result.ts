/** What `initialize` must answer: a non-empty name and the names of the ports it offers. */
export interface InitializeResult {
  name: string
  ports: string[]
}

/** Whether an `initialize` answer has the shape the protocol asks for: `{ "name": non-empty string, "ports": string[] }`. */
export function isInitializeResult(result: unknown): result is InitializeResult {
  if (typeof result !== 'object' || result === null) return false
  const { name, ports } = result as { name?: unknown; ports?: unknown }
  return typeof name === 'string' && name !== '' && Array.isArray(ports) && ports.every((port) => typeof port === 'string')
}
