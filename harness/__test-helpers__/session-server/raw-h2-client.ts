import net from 'node:net'
import { h2Codes } from '#harness/servers/session-server/h2-frames.ts'

/** One HTTP/2 frame the raw client received, as one line (`GOAWAY last_stream_id=0 error_code=NO_ERROR`, `DATA stream_id=1 length=108`). */
export type RawFrameLine = string

/** Test helper: an HTTP/2 client on a bare TCP socket that sends exactly the frames it is told and lists every frame it receives, in order. */
export interface RawH2Client {
  /** Every frame received, SETTINGS, WINDOW_UPDATE and PING left out; then `FIN` (or `RESET`) when the connection ended. */
  readonly frames: RawFrameLine[]
  /** Opens a stream: HEADERS (POST `path`, END_HEADERS) and one DATA frame with END_STREAM. */
  request(stream: number, path: string, contentType: string, body: Uint8Array): void
  /** Sends a GOAWAY of the client's own. */
  goaway(lastStreamId: number): void
  /** Resolves once a frame line matching `pattern` arrived, or the connection ended. */
  until(pattern: RegExp): Promise<void>
  close(): void
}

const names = Object.fromEntries(Object.entries(h2Codes).map(([name, code]) => [code, name]))
const types: Record<number, string> = { 0: 'DATA', 1: 'HEADERS', 3: 'RST_STREAM', 4: 'SETTINGS', 6: 'PING', 7: 'GOAWAY', 8: 'WINDOW_UPDATE' }

function frame(type: number, flags: number, stream: number, payload: Uint8Array = new Uint8Array()): Buffer {
  const head = Buffer.alloc(9)
  head.writeUIntBE(payload.length, 0, 3)
  head[3] = type
  head[4] = flags
  head.writeUInt32BE(stream, 5)
  return Buffer.concat([head, payload])
}

/** One HPACK literal header field without indexing, new name, no Huffman (names and values under 127 bytes). */
function literal(name: string, value: string): Buffer {
  const n = Buffer.from(name)
  const v = Buffer.from(value)
  return Buffer.concat([Buffer.from([0x00, n.length]), n, Buffer.from([v.length]), v])
}

/** Test helper: connects a raw HTTP/2 client (prior knowledge) to `url`. */
export async function connectRawH2(url: string): Promise<RawH2Client> {
  const { hostname, port } = new URL(url)
  const socket = net.connect({ host: hostname, port: Number(port) })
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const frames: RawFrameLine[] = []
  const waiting: Array<{ pattern: RegExp; resolve: () => void }> = []
  let ended = false
  const seen = (line: RawFrameLine) => {
    frames.push(line)
    for (const w of waiting.splice(0)) if (w.pattern.test(line) || ended) w.resolve()
    else waiting.push(w)
  }
  let buffered = Buffer.alloc(0)
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk])
    while (buffered.length >= 9 && buffered.length >= 9 + buffered.readUIntBE(0, 3)) {
      const length = buffered.readUIntBE(0, 3)
      const [type, flags, stream] = [buffered[3], buffered[4], buffered.readUInt32BE(5) & 0x7fffffff]
      const payload = buffered.subarray(9, 9 + length)
      buffered = buffered.subarray(9 + length)
      if (type === 4 && !(flags & 1)) socket.write(frame(4, 1, 0))
      if (type === 6 && !(flags & 1)) socket.write(frame(6, 1, 0, payload))
      if (type === 4 || type === 6 || type === 8) continue
      const name = types[type] ?? `TYPE_${type}`
      if (type === 7) seen(`GOAWAY last_stream_id=${payload.readUInt32BE(0) & 0x7fffffff} error_code=${names[payload.readUInt32BE(4)] ?? payload.readUInt32BE(4)}`)
      else if (type === 3) seen(`RST_STREAM stream_id=${stream} error_code=${names[payload.readUInt32BE(0)] ?? payload.readUInt32BE(0)}`)
      else if (type === 0) seen(`DATA stream_id=${stream} length=${length}${flags & 1 ? ' END_STREAM' : ''}`)
      else seen(`${name} stream_id=${stream}${flags & 1 ? ' END_STREAM' : ''}`)
    }
  })
  const end = (how: string) => {
    if (ended) return
    ended = true
    seen(how)
  }
  socket.on('end', () => end('FIN'))
  socket.on('error', () => end('RESET'))
  socket.on('close', () => end('FIN'))
  socket.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1'), frame(4, 0, 0)]))
  return {
    frames,
    request(stream, path, contentType, body) {
      const block = Buffer.concat([literal(':method', 'POST'), literal(':scheme', 'http'), literal(':path', path), literal(':authority', `${hostname}:${port}`), literal('content-type', contentType)])
      socket.write(Buffer.concat([frame(1, 0x4, stream, block), frame(0, 0x1, stream, body)]))
    },
    goaway(lastStreamId) {
      const payload = Buffer.alloc(8)
      payload.writeUInt32BE(lastStreamId, 0)
      socket.write(frame(7, 0, 0, payload))
    },
    until: (pattern) => (ended || frames.some((line) => pattern.test(line)) ? Promise.resolve() : new Promise((resolve) => waiting.push({ pattern, resolve }))),
    close: () => void socket.destroy(),
  }
}
