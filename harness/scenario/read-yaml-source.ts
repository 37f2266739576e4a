import { closeSync, openSync, readSync } from 'node:fs'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'
import { textPosition } from '#harness/scenario/text-position.ts'
import { yamlFileBounds } from '#harness/scenario/yaml-file-bounds.ts'

const strict = new TextDecoder('utf-8', { fatal: true })
const lenient = new TextDecoder('utf-8')
const keepingBom = new TextDecoder('utf-8', { ignoreBOM: true })

/**
 * Reads a scenario or profile file (`what`: "scenario file", "profile file") as text: at most `yamlFileBounds.bytes`
 * bytes of UTF-8 without a NUL byte, or a one-line ScenarioError at the first offending byte's line and column.
 */
export function readYamlSource(file: string, what: string): string {
  const bytes = readAtMost(file, what, yamlFileBounds.bytes + 1)
  if (bytes.length > yamlFileBounds.bytes) {
    const text = lenient.decode(bytes.subarray(0, yamlFileBounds.bytes))
    throw new ScenarioError({ file, field: '', ...textPosition(text, text.length), expected: `expected a ${what} of at most ${yamlFileBounds.bytes.toLocaleString('en-US')} bytes, got more` })
  }
  let source: string
  try {
    source = strict.decode(bytes)
  } catch {
    const at = firstInvalidByte(bytes)
    const before = strict.decode(bytes.subarray(0, at))
    throw new ScenarioError({ file, field: '', ...textPosition(before, before.length), expected: `expected UTF-8 text, got the invalid byte 0x${bytes[at]!.toString(16).padStart(2, '0')}` })
  }
  const nul = source.indexOf('\0')
  if (nul >= 0) throw new ScenarioError({ file, field: '', ...textPosition(source, nul), expected: 'expected text, got a NUL byte' })
  return source
}

/** The first `limit` bytes of a file (all of it when shorter), or a ScenarioError naming why it cannot be read. */
function readAtMost(file: string, what: string, limit: number): Uint8Array {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch (error) {
    throw new ScenarioError({ file, field: '', expected: `expected a readable ${what} (${codeOf(error)})` })
  }
  try {
    const buffer = Buffer.alloc(limit)
    let length = 0
    while (length < limit) {
      const read = readSync(fd, buffer, length, limit - length, null)
      if (read === 0) break
      length += read
    }
    return buffer.subarray(0, length)
  } catch (error) {
    throw new ScenarioError({ file, field: '', expected: `expected a readable ${what} (${codeOf(error)})` })
  } finally {
    closeSync(fd)
  }
}

/**
 * The offset of the first byte that starts no valid UTF-8 sequence: where re-encoding the leniently decoded text first
 * differs from the bytes, moved back to the start of a sequence cut short there.
 */
function firstInvalidByte(bytes: Uint8Array): number {
  const again = Buffer.from(keepingBom.decode(bytes), 'utf8')
  let at = 0
  while (at < bytes.length && at < again.length && bytes[at] === again[at]) at++
  while (at > 0 && !decodes(bytes.subarray(0, at))) at--
  return at
}

/** Whether bytes are valid UTF-8 on their own. */
function decodes(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes)
    return true
  } catch {
    return false
  }
}

/** The error code of a failed file-system call, for a message. */
function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : String(error)
}
