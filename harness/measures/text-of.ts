/** The text a text measure counts: a string as it is, any other value as its compact JSON encoding. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null')
}
