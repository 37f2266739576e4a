const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Any text as HTML text or a quoted attribute value: `& < > " '` become entities, so no input can become markup. */
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => entities[c]!)
}
