/** The number of bytes in a machine word of the retained-size model (a 64-bit BEAM). */
export const wordBytes = 8

/** Keys a map may have and still be a "small" map in the retained-size model. */
export const smallMapMaxKeys = 32

/** Binaries up to this many bytes live on the process heap (3 words of overhead); longer ones are reference-counted (6). */
export const heapBinaryMaxBytes = 64

const smallIntegerLimit = 2 ** 59

/**
 * The retained in-memory size, in bytes, of a JSON value decoded into BEAM terms (the Erlang efficiency
 * guide's table, in words × 8): the measure a BEAM dispatcher enforces. Specified in docs/measures.md.
 */
export function retainedBytes(value: unknown): number {
  return retainedWords(value) * wordBytes
}

/** The retained size of a JSON value in machine words (see `retainedBytes`). */
export function retainedWords(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1
  if (typeof value === 'number') return numberWords(value)
  if (typeof value === 'string') return binaryWords(Buffer.byteLength(value, 'utf8'))
  if (Array.isArray(value)) {
    let words = 1
    for (const element of value) words += 1 + retainedWords(element)
    return words
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value)
    let words = keys.length <= smallMapMaxKeys ? 5 : Math.ceil((keys.length * 9) / 5)
    for (const key of keys) words += binaryWords(Buffer.byteLength(key, 'utf8')) + retainedWords((value as Record<string, unknown>)[key])
    return words
  }
  throw new TypeError(`retained size: not a JSON value (${typeof value})`)
}

/** The words of a binary (a decoded string or map key) of `bytes` bytes: overhead plus the data rounded up to words. */
export function binaryWords(bytes: number): number {
  return (bytes <= heapBinaryMaxBytes ? 3 : 6) + Math.ceil(bytes / wordBytes)
}

function numberWords(n: number): number {
  if (!Number.isFinite(n)) throw new TypeError(`retained size: not a JSON number (${n})`)
  if (!Number.isInteger(n)) return 3
  if (n >= -smallIntegerLimit && n < smallIntegerLimit) return 1
  return 2 + Math.ceil(BigInt(Math.abs(n)).toString(2).length / 64)
}
