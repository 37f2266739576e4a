import { HttpResponse, delay } from 'msw'
import type { GoneReason, SessionExchange, WatchSink } from '#harness/servers/session-server/session-exchange.ts'
import { goawayEnding } from '#harness/servers/session-server/goaway-ending.ts'

/** One request intercepted by msw as a session exchange; `respond` settles the handler with its Response. */
export function mswExchange(request: Request, connection: number, respond: (response: Response) => void): SessionExchange {
  // msw has no connection, stream or socket: `goaway`, `rst` and `drop` all error the body stream (`controller.error`)
  // after the bytes so far (a `goaway` with `then: close` after its grace period), `refuse` is a network error before
  // any response, the shutdown notice does nothing, and a read that hangs waits for the request's signal to abort.
  const { signal } = request
  let cancelled = false
  let responded = false
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const send = (response: Response) => {
    responded = true
    respond(response)
  }
  const gone = (): GoneReason | null => (cancelled || signal.aborted ? 'client-closed' : null)
  // the client runs in this process: the moment it cancels or aborts is the moment it left
  let left: number | null = signal.aborted ? performance.now() : null
  const leave = () => void (left ??= performance.now())
  signal.addEventListener('abort', leave, { once: true })
  /** Resolves true when `ready` settles first, false if the request is aborted first. */
  const unlessAborted = (ready: Promise<unknown>) =>
    new Promise<boolean>((resolve) => {
      if (signal.aborted) return resolve(false)
      const onAbort = () => resolve(false)
      signal.addEventListener('abort', onAbort, { once: true })
      void ready.then(() => {
        signal.removeEventListener('abort', onAbort)
        resolve(gone() === null)
      })
    })

  return {
    connection,
    stream: null,
    method: request.method,
    arrivedSince: performance.now(), // the client runs in this process: it sent the request just now
    path: new URL(request.url).pathname,
    body: async () => new Uint8Array(await request.arrayBuffer()),
    reply(status, contentType, body) {
      send(new HttpResponse(body, { status, headers: { 'content-type': contentType } }))
    },
    refuse() {
      send(HttpResponse.error())
      return ['a network error before any response (Response.error())']
    },
    startStream(contentType) {
      // A high-water mark of 0: `pull` is called only when the reader has consumed every chunk and waits for more, so
      // each write waits for that demand, and an abortive fault errors the stream only once the bytes before it were
      // read (erroring a ReadableStream drops the chunks still queued in it, and in the tee msw makes of it).
      let demand: (() => void) | undefined
      let onDemand: (() => void) | undefined
      const body = new ReadableStream<Uint8Array>(
        {
          start: (streamController) => void (controller = streamController),
          pull: () =>
            new Promise<void>((resolve) => {
              demand = resolve
              onDemand?.()
            }),
          cancel: () => {
            cancelled = true
            leave()
          },
        },
        { highWaterMark: 0 },
      )
      const untilDemand = () => unlessAborted(demand ? Promise.resolve() : new Promise<void>((resolve) => (onDemand = resolve)))
      send(new HttpResponse(body, { status: 200, headers: { 'content-type': contentType } }))
      const sink: WatchSink = {
        async write(bytes) {
          if (gone() || !(await untilDemand())) return false
          controller?.enqueue(bytes.slice())
          const satisfied = demand
          demand = undefined
          satisfied?.()
          return true
        },
        wait: (ms) => unlessAborted(delay(ms)),
        end() {
          if (!gone()) controller?.close()
        },
        notice: async () => [],
        async abort(fault) {
          const error = new Error(`contract-kit: scripted ${fault.kind}${'code' in fault ? ` ${fault.code}` : ''}`)
          const graceMs = fault.kind === 'goaway' ? goawayEnding(fault).graceMs : 0
          void untilDemand().then(async (wanted) => {
            if (wanted && graceMs > 0 && !(await unlessAborted(delay(graceMs)))) return
            if (wanted) controller?.error(error)
          })
          return [`the body stream errored${graceMs > 0 ? ` after ${graceMs} ms` : ''}: ${error.message}`]
        },
        gone,
        leftSince: () => left,
      }
      return sink
    },
    untilGone: () => unlessAborted(new Promise(() => {})).then(() => 'client-closed' as const),
    dropConnection() {
      if (!responded) send(HttpResponse.error())
    },
    destroy() {
      if (!responded) send(HttpResponse.error())
      else controller?.error(new Error('contract-kit: the session handler failed'))
    },
  }
}
