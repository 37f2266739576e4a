import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { HttpJsonRpc, type HttpJsonRpcOptions } from '#harness/adapters/http/http-json-rpc.ts'

type Handler = (req: IncomingMessage, res: ServerResponse, request: { id: number; method: string; params: unknown }) => void

interface TestServer {
  url: string
  /** Every request the server read, in order. */
  seen: Array<{ method: string; path: string; contentType: string | undefined; rpc: string }>
  /** The sockets clients opened to it. */
  sockets: Socket[]
}

const servers: Server[] = []
const callers: HttpJsonRpc[] = []
afterEach(async () => {
  await Promise.all(callers.splice(0).map((caller) => caller.close()))
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

/** A server on 127.0.0.1 that reads each JSON-RPC request whole and hands it to `handler`. */
async function serve(handler: Handler): Promise<TestServer> {
  const seen: TestServer['seen'] = []
  const sockets: Socket[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const request = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    seen.push({ method: req.method ?? '', path: req.url ?? '', contentType: req.headers['content-type'], rpc: request.method })
    handler(req, res, request)
  })
  server.on('connection', (socket) => sockets.push(socket))
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc?v=1`, seen, sockets }
}

function caller(url: string, options: Partial<HttpJsonRpcOptions> = {}): HttpJsonRpc {
  const rpc = new HttpJsonRpc({ url, ...options })
  callers.push(rpc)
  return rpc
}

function json(res: ServerResponse, value: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
}

/** A handler that answers every request with its params echoed, or the JSON-RPC error asked for in `params.fail`. */
const echo: Handler = (_req, res, { id, params }) => {
  const fail = (params as { fail?: number } | undefined)?.fail
  if (fail !== undefined) return json(res, { jsonrpc: '2.0', id, error: { code: -32000, message: 'asked to fail', data: { code: 'nope' } } }, fail)
  json(res, { jsonrpc: '2.0', id, result: { echoed: params } })
}

describe('HttpJsonRpc', () => {
  it('POSTs each request as JSON to the URL it was given and reads results and JSON-RPC errors as the stdio process does, over one kept-alive connection', async () => {
    const server = await serve(echo)
    const rpc = caller(server.url)
    expect(await rpc.call('pager.read', { collection: 'é→🔎' })).toEqual({ ok: true, result: { echoed: { collection: 'é→🔎' } } })
    expect(await rpc.call('pager.read', { fail: 200 })).toEqual({ ok: false, error: { code: -32000, message: 'asked to fail', data: { code: 'nope' } } })
    // a JSON-RPC error response in a 4xx or 5xx body is that error, as a framework that maps errors to statuses sends it
    expect(await rpc.call('pager.read', { fail: 400 })).toEqual({ ok: false, error: { code: -32000, message: 'asked to fail', data: { code: 'nope' } } })
    expect(await rpc.call('pager.read', { fail: 500 })).toEqual({ ok: false, error: { code: -32000, message: 'asked to fail', data: { code: 'nope' } } })
    expect(server.seen).toEqual(Array.from({ length: 4 }, () => ({ method: 'POST', path: '/rpc?v=1', contentType: 'application/json', rpc: 'pager.read' })))
    expect(server.sockets).toHaveLength(1)
    expect(rpc.stderr()).toBe('')
  })

  it('closes an idle connection a second before the idle timeout the service announces, and then speaks over a new one', async () => {
    const server = await serve((_req, res, { id }) => res.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=2' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: null })))
    const rpc = caller(server.url)
    await rpc.call('pager.setup', {})
    await once(server.sockets[0]!, 'close') // the kit's side closed it, about 1 s later
    await rpc.call('pager.setup', {})
    expect(server.sockets).toHaveLength(2)
  })

  it('a 500 with a body that is no JSON-RPC error is an error naming the status and the body; the connection is then unusable', async () => {
    const server = await serve((_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('Traceback: the pager fell over'))
    const rpc = caller(server.url)
    const error = await adapterRejection(rpc.call('pager.read', {}))
    expect(error.failure).toBe('implementation')
    expect(error.message).toBe(`${server.url} answered \`pager.read\` with HTTP 500 Internal Server Error: "Traceback: the pager fell over"`)
    const after = await adapterRejection(rpc.call('pager.read', {}))
    expect(after.message).toMatch(/^cannot call `pager.read`, the connection is unusable: .*HTTP 500/)
    expect(server.seen).toHaveLength(1)
  })

  it('a connection closed before an answer is an error saying so', async () => {
    const server = await serve((req) => req.socket.destroy())
    const error = await adapterRejection(caller(server.url).call('agent-log.write', {}))
    expect(error.failure).toBe('crashed')
    expect(error.message).toMatch(new RegExp(`^${escape(server.url)} closed the connection before answering \`agent-log.write\``))
  })

  it('a body cut off part way is an error saying how much came', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 })
      res.write('{"jsonrpc":"2.0",', () => res.destroy())
    })
    const error = await adapterRejection(caller(server.url).call('pager.read', {}))
    expect(error.failure).toBe('crashed')
    expect(error.message).toBe(`${server.url} closed the connection before its whole answer to \`pager.read\` came (HTTP 200, 17 bytes of the body read)`)
  })

  it('an HTML page is an error quoting its start', async () => {
    const server = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Welcome to nginx!</h1>'))
    const error = await adapterRejection(caller(server.url).call('initialize', {}))
    expect(error.failure).toBe('protocol')
    expect(error.message).toBe(`${server.url} answered \`initialize\` with HTTP 200 OK and a body that is not JSON (Content-Type text/html): "<!doctype html><h1>Welcome to nginx!</h1>"`)
  })

  it('a redirect is never followed: an error naming where it pointed', async () => {
    const other = await serve(echo)
    const server = await serve((_req, res) => res.writeHead(302, { location: other.url }).end())
    const error = await adapterRejection(caller(server.url).call('pager.read', {}))
    expect(error.failure).toBe('protocol')
    expect(error.message).toBe(`${server.url} answered \`pager.read\` with HTTP 302 Found, a redirect to ${JSON.stringify(other.url)}; the kit follows no redirects: give the URL that answers`)
    expect(other.seen).toEqual([])
  })

  it('a body past the per-call limit is an error, and the kit reads no further: the endless body it was sent stops', async () => {
    let ended!: Promise<unknown>
    const server = await serve((_req, res) => {
      ended = once(res, 'close')
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(1024, 'x')
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump)
      }
      pump()
    })
    const error = await adapterRejection(caller(server.url, { maxBodyBytes: 4096 }).call('pager.read', {}))
    expect(error.failure).toBe('protocol')
    expect(error.message).toBe('response body: more than 4 KiB written in one answer while `pager.read` was waiting for its answer; the limit is 4 KiB (4096 bytes); the kit read no further and closed the connection')
    await ended
  })

  it('a Content-Length past the per-call limit is an error before any of the body is read', async () => {
    const server = await serve((_req, res) => res.writeHead(200, { 'content-length': 10_000 }).write('{'))
    const error = await adapterRejection(caller(server.url, { maxBodyBytes: 4096 }).call('pager.read', {}))
    expect(error.message).toBe('response body: its Content-Length announces 10000 bytes while `pager.read` was waiting for its answer, more than the 4 KiB (4096 bytes) the kit reads in one answer; the kit read none of it and closed the connection')
  })

  it('the bodies of one scenario count against its budget, from where the scenario begins', async () => {
    const server = await serve(echo)
    const rpc = caller(server.url, { maxBodyBytesPerScenario: 200 })
    const params = { text: 'x'.repeat(40) } // an answer of about 90 bytes
    rpc.beginScenario()
    await rpc.call('pager.read', params)
    await rpc.call('pager.read', params)
    rpc.beginScenario()
    await rpc.call('pager.read', params)
    await rpc.call('pager.read', params)
    const error = await adapterRejection(rpc.call('pager.read', params))
    expect(error.message).toMatch(/^response body: more than 200 bytes written in one scenario while `pager.read` was waiting for its answer/)
  })

  it('an answer with another id is an error naming both', async () => {
    const server = await serve((_req, res, { id }) => json(res, { jsonrpc: '2.0', id: id + 1, result: null }))
    const error = await adapterRejection(caller(server.url).call('pager.setup', {}))
    expect(error.failure).toBe('protocol')
    expect(error.message).toBe(`${server.url} answered \`pager.setup\` with HTTP 200 OK and a response with id 2, but the request has id 1: "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":2,\\"result\\":null}"`)
  })

  it('a service that hangs past the call’s timeout is an error, and the request’s connection is closed', async () => {
    let closed!: Promise<unknown>
    const server = await serve((req) => {
      closed = once(req.socket, 'close') // never answered
    })
    const error = await adapterRejection(caller(server.url, { timeoutMs: 300 }).call('pager.read', {}))
    expect(error.failure).toBe('timeout')
    expect(error.message).toBe(`\`pager.read\` got no answer from ${server.url} within 300 ms; the request was abandoned and its connection closed, since the service's state is unknown`)
    await closed
  })

  it('closing the connection abandons the call in flight, and every later call fails', async () => {
    let arrived!: () => void
    const inFlight = new Promise<void>((resolve) => (arrived = resolve))
    const server = await serve(() => arrived()) // never answered
    const rpc = caller(server.url)
    const call = adapterRejection(rpc.call('pager.read', {}))
    await inFlight
    await rpc.close()
    expect((await call).message).toBe('the connection was closed by the kit while `pager.read` was waiting for its answer')
    expect((await adapterRejection(rpc.call('pager.read', {}))).message).toMatch(/^cannot call `pager.read`, the connection is unusable: the connection was closed by the kit/)
  })

  it('a refused connection is an error naming the URL', async () => {
    const server = await serve(echo)
    const url = server.url
    const gone = servers.pop()!
    gone.close()
    await once(gone, 'close')
    const error = await adapterRejection(caller(url).call('initialize', {}))
    expect(error.failure).toBe('crashed')
    expect(error.message).toBe(`could not connect to ${url} for \`initialize\`: connection refused (ECONNREFUSED); is the service up and listening there?`)
  })

  it('refuses a URL that is not http: or https:', () => {
    expect(() => new HttpJsonRpc({ url: 'ftp://127.0.0.1/rpc' })).toThrow('expected an http: or https: URL, not ftp://127.0.0.1/rpc')
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
