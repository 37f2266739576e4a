// The Connect protocol's server stream, as docs/session-protocol.md describes it, for both JavaScript clients: the
// request envelope, the frames of one WatchSession response read ahead of the caller, and the error a transport throws
// when a watch ends under the client.

/**
 * A watch stream that ended under the client. `refused`: the server refused it before processing it (REFUSED_STREAM,
 * or a stream above a GOAWAY's last_stream_id): replay it at once.
 */
export class StreamEnded extends Error {
  constructor(message, { refused = false } = {}) {
    super(message)
    this.refused = refused
  }
}

/** One Connect envelope: `[flags][length u32 BE][payload]`. */
export function envelope(flags, value) {
  const payload = Buffer.from(JSON.stringify(value))
  const head = Buffer.alloc(5)
  head[0] = flags
  head.writeUInt32BE(payload.length, 1)
  return Buffer.concat([head, payload])
}

/**
 * Reads the frames of one WatchSession response ahead of the caller (so that frames the HTTP/2 library already
 * received are never dropped when the stream then fails): yields each frame, then returns `{ endStream }` (the
 * end-of-stream envelope's JSON, or null when the body ended without one), or throws how the stream failed.
 */
export async function* frames(body) {
  const queue = []
  let wake
  let done = false
  let failure
  void (async () => {
    try {
      for await (const chunk of body) {
        queue.push(Buffer.from(chunk))
        wake?.()
      }
    } catch (error) {
      failure = error
    }
    done = true
    wake?.()
  })()
  let buffered = Buffer.alloc(0)
  for (;;) {
    while (queue.length > 0) {
      buffered = Buffer.concat([buffered, queue.shift()])
      while (buffered.length >= 5 && buffered.length >= 5 + buffered.readUInt32BE(1)) {
        const length = buffered.readUInt32BE(1)
        const flags = buffered[0]
        const payload = JSON.parse(buffered.subarray(5, 5 + length).toString('utf8'))
        buffered = buffered.subarray(5 + length)
        if (flags & 0x02) return { endStream: payload }
        yield payload
      }
    }
    if (done) {
      if (failure) throw failure
      return { endStream: null }
    }
    await new Promise((resolve) => (wake = resolve))
    wake = undefined
  }
}
