/** The UTF-8 byte length of a value's compact JSON encoding (no whitespace, keys in their given order). */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8')
}
