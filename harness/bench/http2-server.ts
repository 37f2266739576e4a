import http2 from 'node:http2'
import type { ClientHttp2Session, Http2Server, ServerHttp2Stream } from 'node:http2'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { BenchOptions } from '#harness/bench/bench.ts'
import type { BenchRow } from '#harness/bench/bench-row.ts'
import { samplePair } from '#harness/bench/sample.ts'
import type { Stats } from '#harness/bench/sample.ts'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import type { SessionFrame, SessionScript } from '#harness/servers/session-server/session-script.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import { encodeEnvelope, endStreamFlag } from '#harness/servers/session-server/connect-envelope.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'
import { generateReply } from '#fixtures/replies/generate-reply.ts'

/** The target the issue sets: the kit's session server streams at least this share of the frames per second of a bare `node:http2` server. */
export const http2Target = 0.8

/** How many frames (DATA messages, one Connect envelope each) one watch streams. */
const frameCount = 2000

/** How many watches one timed sample reads, one after the other on the same connection. */
const watchesPerSample = 3

/** How many bytes of a message the view keeps (the protocol's default limit). */
const viewLimitBytes = 4096

/**
 * `http2`: the kit's fault-injecting session server (h2c, no fault) streaming a long watch against a bare `node:http2`
 * server that writes the same Connect envelopes, one write each, honouring backpressure; both on 127.0.0.1 in this
 * process, each read to its end by the same `node:http2` client over one connection. Frames per second, kit / bare.
 */
export async function benchHttp2Server(options: BenchOptions): Promise<BenchRow[]> {
  const script = longReplyScript()
  const events: ServerEvent[] = []
  const kit = await startSessionServer(script, (event) => events.push(event))
  const bare = await startBareServer(script.frames)
  const kitClient = http2.connect(kit.url)
  const bareClient = http2.connect(bare.url)
  try {
    const [kitBody, bareBody] = [await watch(kitClient), await watch(bareClient)]
    if (!kitBody.equals(bareBody)) throw new Error(`bench http2: the two servers sent different bodies (${kitBody.length} vs ${bareBody.length} bytes)`)
    const watches = (client: ClientHttp2Session) => async () => {
      for (let i = 0; i < watchesPerSample; i++) await watch(client, kitBody.length)
    }
    const [kitStats, bareStats] = await samplePair(watches(kitClient), watches(bareClient), options.runs, 2)
    const subject = framesPerSecond(kitStats)
    const baseline = framesPerSecond(bareStats)
    const ratio = Math.round((subject.median / baseline.median) * 100) / 100
    return [
      {
        group: 'http2',
        name: `session server vs bare node:http2, one watch of ${frameCount.toLocaleString('en-US')} frames read to the end (h2c, loopback)`,
        subject,
        baseline,
        unit: 'frames/s',
        ratio,
        target: `≥ ${http2Target}×`,
        met: ratio >= http2Target,
        note: `${kitBody.length.toLocaleString('en-US')} B body a watch (${Math.round(kitBody.length / (frameCount + 1)).toLocaleString('en-US')} B an envelope), ${watchesPerSample} watches a sample; ratio kit / bare; ${events.length.toLocaleString('en-US')} server events recorded`,
      },
    ]
  } finally {
    kitClient.destroy()
    bareClient.destroy()
    await kit.close()
    await bare.close()
  }
}

/**
 * A session whose assistant reply grows by one line a frame: frame i shows the prompt and the reply's first i + 1
 * lines, cut to the view's limit once they pass it (with the marker and `truncatedBytes`). Mixed scripts, emoji.
 */
function longReplyScript(): SessionScript {
  const lines = generateReply({ seed: 14, lines: frameCount, lineChars: 40, scripts: ['ascii', 'latin', 'cjk', 'emoji'], numbered: 'plain', order: 'seeded' }, viewLimitBytes).split('\n')
  const prompt = { id: 'm1', role: 'user' as const, text: 'Write the migration plan, one step a line.' }
  const frames: SessionFrame[] = []
  let whole = ''
  for (let i = 0; i < frameCount; i++) {
    whole = i === 0 ? lines[0] : `${whole}\n${lines[i]}`
    frames.push({ cursor: `c${String(i).padStart(6, '0')}`, status: i === frameCount - 1 ? 'done' : 'running', messages: [prompt, { id: 'm2', role: 'assistant', ...view(whole) }] })
  }
  return { sessionId: 'bench', frames, wholeMessages: { m1: prompt, m2: { id: 'm2', role: 'assistant', text: whole } }, reads: ['ok'], faults: [] }
}

/** A text as the view shows it: whole, or its longest prefix of at most `viewLimitBytes` bytes that splits no character, with the marker. */
function view(text: string): { text: string; truncatedBytes?: number } {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length <= viewLimitBytes) return { text }
  let end = viewLimitBytes
  while ((bytes[end] & 0xc0) === 0x80) end--
  const truncatedBytes = bytes.length - end
  return { text: `${bytes.subarray(0, end).toString('utf8')}[${truncatedBytes} bytes truncated]`, truncatedBytes }
}

/** A bare h2c server: every WatchSession request gets 200, one Connect envelope per frame (encoded as it goes), the end-of-stream envelope `{}`, and END_STREAM. */
async function startBareServer(frames: readonly SessionFrame[]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Http2Server = http2.createServer()
  server.on('stream', (stream: ServerHttp2Stream) => {
    stream.on('error', () => {})
    stream.resume() // the request's one envelope: not read, the frames are the same for every request
    void serveFrames(stream, frames)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Writes each frame's envelope, waiting for `drain` whenever the stream's buffer is full, then the end-of-stream envelope. */
async function serveFrames(stream: ServerHttp2Stream, frames: readonly SessionFrame[]): Promise<void> {
  stream.respond({ ':status': 200, 'content-type': 'application/connect+json' })
  for (const frame of frames) {
    if (stream.destroyed) return
    if (!stream.write(envelope(0, frame))) await once(stream, 'drain')
  }
  stream.end(envelope(endStreamFlag, {}))
}

/** A Connect envelope as a bare server encodes it: `[flags][length: u32 BE][JSON payload]`, in one buffer. */
function envelope(flags: number, value: unknown): Buffer {
  const payload = Buffer.from(JSON.stringify(value), 'utf8')
  const bytes = Buffer.allocUnsafe(5 + payload.length)
  bytes[0] = flags
  bytes.writeUInt32BE(payload.length, 1)
  payload.copy(bytes, 5)
  return bytes
}

/** One WatchSession call read to its end: the body's bytes (or, given `expected`, only counted and checked against it). */
async function watch(client: ClientHttp2Session, expected?: number): Promise<Buffer> {
  const stream = client.request({ ':method': 'POST', ':path': sessionPaths.watch, 'content-type': 'application/connect+json' })
  stream.end(encodeEnvelope(0, { sessionId: 'bench' }))
  const chunks: Buffer[] = []
  let length = 0
  stream.on('data', (chunk: Buffer) => {
    length += chunk.length
    if (expected === undefined) chunks.push(chunk)
  })
  await once(stream, 'end')
  if (expected !== undefined && length !== expected) throw new Error(`bench http2: a watch ended after ${length} of ${expected} bytes`)
  return Buffer.concat(chunks)
}

/** Stats of sample times in ms as frames per second (the fastest sample is the most frames per second). */
function framesPerSecond(ms: Stats): Stats {
  const rate = (t: number) => (watchesPerSample * frameCount * 1000) / t
  return { min: rate(ms.max), median: rate(ms.median), max: rate(ms.min), runs: ms.runs }
}
