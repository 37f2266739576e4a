import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { AdapterError, type AdapterFailure } from '#harness/adapters/adapter-error.ts'
import type { JsonRpcPeer } from '#harness/adapters/json-rpc-connection.ts'
import { readHttpAnswer } from '#harness/adapters/http/read-http-answer.ts'
import type { JsonRpcOutcome } from '#harness/adapters/stdio/json-rpc-process.ts'
import { byteSize } from '#harness/adapters/stdio/byte-size.ts'
import { outputLimits } from '#harness/adapters/stdio/output-limits.ts'
import { StreamBudget } from '#harness/adapters/stdio/stream-budget.ts'

/** How long the kit keeps an idle connection to a service open, at most. */
const idleMs = 60_000

/** Where a service answers JSON-RPC over HTTP, and how long and how much the kit reads of it. */
export interface HttpJsonRpcOptions {
  /** The one URL every request is POSTed to (`http:` or `https:`); its path and query are kept. */
  url: string
  /** How long a call may wait for its whole answer (default 10 000 ms). */
  timeoutMs?: number
  /** The longest response body (default `outputLimits.lineBytes`, the longest stdio response). */
  maxBodyBytes?: number
  /** The response bodies over one scenario's calls (default `outputLimits.stdoutBytesPerScenario`, as stdio's stdout). */
  maxBodyBytesPerScenario?: number
}

/**
 * A service spoken to in JSON-RPC 2.0 over HTTP: each call one `POST` of the request to one URL, answered by one
 * response (docs/http-protocol.md), one call at a time over a keep-alive connection of its own. Redirects are never
 * followed; a failure (no connection, a status or body that is no answer, a timeout, too much read) leaves the
 * connection unusable, as a stopped process does over stdio.
 */
export class HttpJsonRpc implements JsonRpcPeer {
  /** The URL requests go to, as given. */
  readonly url: string
  private readonly target: URL
  private readonly agent: HttpAgent
  private readonly timeoutMs: number
  private readonly perCall: StreamBudget
  private readonly perScenario: StreamBudget
  private lastId = 0
  private queue: Promise<unknown> = Promise.resolve()
  private failure: AdapterError | null = null
  private abandon: ((error: AdapterError) => void) | null = null

  constructor(options: HttpJsonRpcOptions) {
    this.target = new URL(options.url)
    if (this.target.protocol !== 'http:' && this.target.protocol !== 'https:') throw new TypeError(`expected an http: or https: URL, not ${options.url}`)
    this.url = options.url
    // an idle connection is closed after a minute, or a second before the idle timeout the service announces
    // (`Keep-Alive: timeout=5`): Node heeds the announcement only to shorten a timeout the agent has
    const agentOptions = { keepAlive: true, maxSockets: 1, timeout: idleMs }
    this.agent = this.target.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions)
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.perCall = new StreamBudget('response body', options.maxBodyBytes ?? outputLimits.lineBytes, 'in one answer')
    this.perScenario = new StreamBudget('response body', options.maxBodyBytesPerScenario ?? outputLimits.stdoutBytesPerScenario, 'in one scenario')
  }

  /** An already-running service shows the kit no stderr: always empty. */
  stderr(): string {
    return ''
  }

  /** A scenario starts: the response bodies read over its calls are counted from here. */
  beginScenario(): void {
    this.perScenario.reset()
  }

  /**
   * Sends one request and waits for its answer; calls made while one is in flight wait their turn. Resolves with the
   * result or the JSON-RPC error answered; rejects with an AdapterError naming what happened otherwise.
   */
  call(method: string, params?: unknown, timeoutMs = this.timeoutMs): Promise<JsonRpcOutcome> {
    const turn = this.queue.then(() => this.send(method, params, timeoutMs))
    this.queue = turn.catch(() => {})
    return turn
  }

  /** Abandons the call in flight and closes the connection; the service itself goes on running. */
  close(): Promise<void> {
    const closed = new AdapterError('crashed', 'the connection was closed by the kit')
    this.abandon?.(closed)
    this.failure ??= closed
    this.agent.destroy()
    return Promise.resolve()
  }

  private send(method: string, params: unknown, timeoutMs: number): Promise<JsonRpcOutcome> {
    if (this.failure) return Promise.reject(new AdapterError(this.failure.failure, `cannot call \`${method}\`, the connection is unusable: ${this.failure.message}`))
    const id = ++this.lastId
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method, params })) // throws before anything is in flight
    const waiting = ` while \`${method}\` was waiting for its answer`
    this.perCall.reset()
    return new Promise((resolve, reject) => {
      let done = false
      const settle = (then: () => void) => {
        if (done) return
        done = true
        clearTimeout(timer)
        this.abandon = null
        then()
      }
      const fail = (failure: AdapterFailure, message: string) =>
        settle(() => {
          const error = new AdapterError(failure, message)
          this.failure ??= error
          req.destroy() // nothing more is read, and the socket is not reused
          reject(error)
        })
      const requestOf = this.target.protocol === 'https:' ? httpsRequest : httpRequest
      const req: ClientRequest = requestOf(this.target, {
        method: 'POST',
        agent: this.agent,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': body.length },
      })
      const timer = setTimeout(
        () => fail('timeout', `\`${method}\` got no answer from ${this.url} within ${timeoutMs} ms; the request was abandoned and its connection closed, since the service's state is unknown`),
        timeoutMs,
      )
      this.abandon = (error) => fail(error.failure, `${error.message}${waiting}`)
      req.on('error', (error: NodeJS.ErrnoException) => fail('crashed', this.unreachable(method, error)))
      req.on('response', (res) => this.read(res, { id, method, waiting }, fail, (outcome) => settle(() => resolve(outcome))))
      req.end(body)
    })
  }

  /** Reads one response within the limits: a redirect or too large a body fails at once, without reading further. */
  private read(res: IncomingMessage, call: { id: number; method: string; waiting: string }, fail: (failure: AdapterFailure, message: string) => void, answer: (outcome: JsonRpcOutcome) => void): void {
    const status = res.statusCode ?? 0
    if (status >= 300 && status < 400) {
      const location = res.headers.location
      const where = location === undefined ? 'with no Location' : `to ${JSON.stringify(location)}`
      const line = [`HTTP ${status}`, res.statusMessage].filter(Boolean).join(' ')
      return fail('protocol', `${this.url} answered \`${call.method}\` with ${line}, a redirect ${where}; the kit follows no redirects: give the URL that answers`)
    }
    const over = (budget: StreamBudget) => fail('protocol', `${budget.message(call.waiting)}; the kit read no further and closed the connection`)
    const declared = Number(res.headers['content-length'])
    if (Number.isFinite(declared) && declared > this.perCall.limitBytes) {
      const limit = this.perCall.limitBytes
      return fail('protocol', `response body: its Content-Length announces ${declared} bytes${call.waiting}, more than the ${byteSize(limit)} (${limit} bytes) the kit reads in one answer; the kit read none of it and closed the connection`)
    }
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => {
      if (!this.perCall.take(chunk.length)) return over(this.perCall)
      if (!this.perScenario.take(chunk.length)) return over(this.perScenario)
      chunks.push(chunk)
    })
    res.on('error', () => {}) // an aborted response: 'close' below reports it
    res.on('close', () => {
      if (!res.complete) fail('crashed', `${this.url} closed the connection before its whole answer to \`${call.method}\` came (HTTP ${status}, ${Buffer.concat(chunks).length} bytes of the body read)`)
    })
    res.on('end', () => {
      const reading = readHttpAnswer({ status, statusText: res.statusMessage ?? '', contentType: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }, { id: call.id, method: call.method, url: this.url })
      if (reading.ok) answer(reading.outcome)
      else fail(reading.failure, reading.message)
    })
  }

  /** The one line for a request that got no response: the connection refused, reset or never made. */
  private unreachable(method: string, error: NodeJS.ErrnoException): string {
    switch (error.code) {
      case 'ECONNREFUSED':
        return `could not connect to ${this.url} for \`${method}\`: connection refused (ECONNREFUSED); is the service up and listening there?`
      case 'ECONNRESET':
      case 'EPIPE':
        return `${this.url} closed the connection before answering \`${method}\` (${error.message})`
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `could not connect to ${this.url} for \`${method}\`: its host name does not resolve (${error.code})`
      default:
        return `\`${method}\` to ${this.url} failed before an answer came: ${error.message}${error.code ? ` (${error.code})` : ''}`
    }
  }
}
