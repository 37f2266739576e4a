/** The flag bit of the Connect end-of-stream envelope. */
export const endStreamFlag = 0x02

/** One decoded Connect envelope: its flags and its payload bytes. */
export interface Envelope {
  flags: number
  payload: Uint8Array
}

/** The most UTF-8 bytes a JSON text is written into scratch memory for (3 per UTF-16 unit at most); a longer one is measured first. */
const scratchBytes = 64 * 1024

let scratch: Buffer | undefined

/**
 * Encodes a JSON value as one Connect envelope: `[flags: u8][length: u32 big-endian][payload]`. Most of a long watch's
 * cost, so the JSON text is encoded to UTF-8 in one pass (into scratch memory, then copied into an envelope of its
 * exact size); a text too long for the scratch is measured, then written straight into its envelope.
 */
export function encodeEnvelope(flags: number, value: unknown): Uint8Array<ArrayBuffer> {
  const json = JSON.stringify(value) ?? '' // undefined has no JSON text: an empty payload
  let envelope: Buffer<ArrayBuffer>
  if (json.length * 3 <= scratchBytes) {
    scratch ??= Buffer.allocUnsafeSlow(scratchBytes)
    const length = scratch.write(json, 0, 'utf8')
    envelope = Buffer.allocUnsafeSlow(5 + length) // its own ArrayBuffer, never a slice of the shared pool
    scratch.copy(envelope, 5, 0, length)
  } else {
    envelope = Buffer.allocUnsafeSlow(5 + Buffer.byteLength(json, 'utf8'))
    envelope.write(json, 5, 'utf8')
  }
  envelope[0] = flags
  envelope.writeUInt32BE(envelope.length - 5, 1)
  return new Uint8Array(envelope.buffer, 0, envelope.length)
}

/** Splits bytes into whole Connect envelopes; `rest` holds the bytes of an incomplete last one (empty when none). */
export function decodeEnvelopes(bytes: Uint8Array): { envelopes: Envelope[]; rest: Uint8Array } {
  const envelopes: Envelope[] = []
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 0
  while (bytes.length - at >= 5) {
    const length = view.getUint32(at + 1, false)
    if (bytes.length - at - 5 < length) break
    envelopes.push({ flags: bytes[at], payload: bytes.subarray(at + 5, at + 5 + length) })
    at += 5 + length
  }
  return { envelopes, rest: bytes.subarray(at) }
}
