/** The flag bit of the Connect end-of-stream envelope. */
export const endStreamFlag = 0x02

/** One decoded Connect envelope: its flags and its payload bytes. */
export interface Envelope {
  flags: number
  payload: Uint8Array
}

/** Encodes a JSON value as one Connect envelope: `[flags: u8][length: u32 big-endian][payload]`. */
export function encodeEnvelope(flags: number, value: unknown): Uint8Array<ArrayBuffer> {
  const payload = new TextEncoder().encode(JSON.stringify(value))
  const bytes = new Uint8Array(5 + payload.length)
  const view = new DataView(bytes.buffer)
  view.setUint8(0, flags)
  view.setUint32(1, payload.length, false)
  bytes.set(payload, 5)
  return bytes
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
