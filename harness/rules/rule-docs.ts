/** The documents whose MUST and NEVER statements are rules the kit judges (paths from the package root). */
export const ruleDocs = [
  'docs/pager-port.md',
  'docs/fixtures.md',
  'docs/measures.md',
  'docs/stdio-protocol.md',
  'docs/tool-output-port.md',
  'docs/snapshotter-port.md',
  'docs/agent-log-port.md',
  'docs/session-client-port.md',
  'docs/session-protocol.md',
] as const
