// The session client of docs/session-client-port.md over the protocol of docs/session-protocol.md, written from those
// documents alone. The HTTP/2 stack is a transport handed in (node-http2/, undici/) and the Connect stream is read by
// connect-stream.mjs; the session is here: following frames, resuming from the last cursor, reading cut replies
// whole, the deadline, and the output.

import { envelope, frames, StreamEnded } from './connect-stream.mjs'

/** The wait before a reconnect after a watch call that brought frames; doubled for each call in a row that brought none, up to 1 s. */
const firstWaitMs = 50
const maxWaitMs = 1000
/** Tries of one round of a whole-message read, and the rounds a read that keeps failing gets after its first. */
const triesPerRound = 3
const laterRounds = 3
/** The most watch calls after the first in one run. */
const maxReconnects = 30
/** Read failures (Connect codes) that are transient: the same read may answer later. */
const transientCodes = new Set(['unavailable', 'internal', 'deadline_exceeded', 'unknown', 'aborted', 'canceled'])
/** Watch errors (in the end-of-stream envelope) after which the watch is reopened rather than failed. */
const retryableWatchCodes = new Set(['unavailable', 'internal', 'deadline_exceeded', 'unknown', 'aborted', 'canceled', 'resource_exhausted'])

const watchPath = '/contractkit.session.v1.SessionService/WatchSession'
const readPath = '/contractkit.session.v1.SessionService/GetSessionMessage'

/** The client's deadline passed: exit 2. */
export class DeadlineExpired extends Error {}

function startDeadline(timeoutMs) {
  const controller = new AbortController()
  const endsAt = performance.now() + timeoutMs
  const timer = setTimeout(() => controller.abort(new DeadlineExpired(`deadline of ${timeoutMs} ms passed`)), timeoutMs)
  return { signal: controller.signal, remaining: () => Math.max(0, endsAt - performance.now()), passed: () => controller.signal.aborted || performance.now() >= endsAt, stop: () => clearTimeout(timer) }
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * What this client does when a watch ends under it: resume from the last cursor received, after the backoff (a
 * refused call at once). The kit's mutants (fixtures/systems/session-client/mutants/) each change one of these.
 */
export const correct = {
  /** A stream that ends cleanly without its end-of-stream envelope is the end of the watch (a mutant's fault). */
  cleanEndIsEnd: false,
  /** A watch that ended after a GOAWAY is the end of the watch (a mutant's fault; needs `transport.sawGoaway`). */
  goawayIsEnd: false,
  /** A watch that ended after a GOAWAY is replayed as it was asked, not resumed (a mutant's fault). */
  replaysAfterGoaway: false,
  /** A refused watch is replayed (a mutant that does not fails the run instead). */
  replaysRefused: true,
}

/** Runs the client once: watches `request.sessionId` at `request.baseUrl` until the turn settles; resolves `{ exitCode, stdout, stderr }`. */
export async function watchSession(request, transport, behaviour = correct) {
  const { sessionId, timeoutMs, tryTimeoutMs, output } = request
  const stderr = []
  const log = (line) => stderr.push(`${line}\n`)
  const deadline = startDeadline(timeoutMs)
  const states = new Map() // message id -> { view, rounds, whole?, gaveUp?, lastWhy?, failedThisFrame }
  const transcript = new Map() // message id -> { role, text, cut? }
  let unimplemented
  const finish = (exitCode, stdout = '') => ({ exitCode, stdout, stderr: stderr.join('') })

  const needsWhole = (m) => m.role === 'assistant' && (m.truncatedBytes ?? 0) > 0
  const viewKey = (m) => `${m.truncatedBytes}\u0000${m.text}`
  const stateOf = (m) => {
    const known = states.get(m.id)
    if (known && known.view === viewKey(m)) return known
    const fresh = { view: viewKey(m), rounds: 0, failedThisFrame: false }
    states.set(m.id, fresh)
    return fresh
  }
  const open = (s) => unimplemented === undefined && s.whole === undefined && s.gaveUp === undefined

  /** One try of GetSessionMessage, limited to tryTimeoutMs and the time left. */
  async function readOnce(messageId) {
    const remaining = deadline.remaining()
    if (remaining <= 0) throw new DeadlineExpired(`the read of ${messageId} could not start before the deadline`)
    const limit = Math.min(tryTimeoutMs, remaining)
    try {
      const answer = await transport.read(readPath, JSON.stringify({ sessionId, messageId }), { timeoutMs: limit, signal: deadline.signal })
      if (answer.status === 200) {
        const text = JSON.parse(answer.body)?.message?.text
        return typeof text === 'string' ? { kind: 'whole', text } : { kind: 'failed', transient: true, why: 'the answer held no message' }
      }
      let code = 'unknown'
      try {
        code = JSON.parse(answer.body).code ?? code
      } catch {}
      if (code === 'unimplemented') return { kind: 'unimplemented', why: `${answer.status} ${code}` }
      return { kind: 'failed', transient: transientCodes.has(code), why: `${answer.status} ${code}` }
    } catch (error) {
      if (deadline.passed()) throw new DeadlineExpired(`the read of ${messageId} was still open at the deadline`)
      return { kind: 'failed', transient: true, why: error?.timedOut ? `no answer within ${Math.round(limit)} ms` : String(error?.message ?? error) }
    }
  }

  async function round(message, state) {
    state.rounds++
    for (let attempt = 1; attempt <= triesPerRound; attempt++) {
      const result = await readOnce(message.id)
      if (result.kind === 'whole') return void (state.whole = result.text)
      if (result.kind === 'unimplemented') {
        unimplemented = result.why
        return log(`read ${message.id}: the server has no GetSessionMessage (${result.why}); keeping the cut text`)
      }
      if (!result.transient) {
        state.gaveUp = result.why
        return log(`read ${message.id}: ${result.why}; keeping the cut text`)
      }
      state.lastWhy = result.why
      log(`read ${message.id}: try ${attempt}/${triesPerRound} failed: ${result.why}`)
    }
    state.failedThisFrame = true
  }

  async function onFrame(frame) {
    for (const message of frame.messages.filter(needsWhole)) {
      const state = stateOf(message)
      state.failedThisFrame = false
      if (!open(state)) continue
      if (state.rounds >= 1 + laterRounds) state.gaveUp = `read failed on ${state.rounds} rounds: ${state.lastWhy}`
      else await round(message, state)
    }
    const inView = new Set(frame.messages.map((m) => m.id))
    for (const id of states.keys()) if (!inView.has(id)) states.delete(id)
  }

  function shown(message) {
    if (!needsWhole(message)) return { text: message.text }
    const state = states.get(message.id)
    if (state?.whole !== undefined && state.view === viewKey(message)) return { text: state.whole }
    if (unimplemented !== undefined) return { text: message.text, cut: `the server has no GetSessionMessage (${unimplemented})` }
    return { text: message.text, cut: state?.gaveUp ?? (state?.lastWhy ? `read failed: ${state.lastWhy}` : 'not read') }
  }

  function printed(frame) {
    if (output === 'text') {
      return [...transcript.values()].map((e) => `${e.role}: ${e.text}\n${e.cut !== undefined && e.role === 'assistant' ? `[reply cut: ${e.cut}]\n` : ''}`).join('')
    }
    const reply = [...frame.messages].reverse().find((m) => m.role === 'assistant')
    const text = reply ? shown(reply) : { text: '' }
    return `${JSON.stringify({ sessionId, status: frame.status, reply: text.text, replyCut: text.cut !== undefined })}\n`
  }

  let cursor = ''
  let fruitless = 0
  const expired = new Promise((_, reject) => deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true }))
  expired.catch(() => {})
  try {
    for (let call = 0; ; call++) {
      let got = 0
      let refused = false
      let cleanEnd = false
      let ended
      const asked = cursor
      const stop = new AbortController()
      try {
        const body = await transport.watch(watchPath, envelope(0, cursor ? { sessionId, cursor } : { sessionId }), AbortSignal.any([deadline.signal, stop.signal]))
        const stream = frames(body)
        for (;;) {
          const next = await Promise.race([stream.next(), expired])
          if (next.done) {
            const end = next.value.endStream
            if (end?.error) {
              const code = end.error.code ?? 'unknown'
              if (!retryableWatchCodes.has(code)) {
                log(`watch failed: ${code}: ${end.error.message ?? ''}`)
                return finish(1)
              }
              ended = `the watch ended with ${code}`
            } else ended = end ? 'the stream ended without a done frame' : 'the stream ended without its end-of-stream envelope (cut)'
            cleanEnd = !end
            break
          }
          const frame = next.value
          got++
          cursor = frame.cursor
          await onFrame(frame)
          if (frame.status === 'done') {
            const reply = [...frame.messages].reverse().find((m) => m.role === 'assistant')
            if (reply && needsWhole(reply)) {
              const state = stateOf(reply)
              while (state.failedThisFrame && open(state) && state.rounds < 1 + laterRounds) {
                log(`read ${reply.id}: trying again before the wait ends`)
                await round(reply, state)
              }
            }
          }
          for (const message of frame.messages) transcript.set(message.id, { role: message.role, ...shown(message) })
          if (frame.status === 'done') return finish(0, printed(frame))
        }
      } catch (error) {
        if (error instanceof DeadlineExpired || deadline.passed()) throw new DeadlineExpired(error.message)
        refused = error instanceof StreamEnded && error.refused && got === 0
        ended = String(error?.message ?? error)
      } finally {
        stop.abort()
      }
      const goaway = transport.sawGoaway?.() === true
      if ((behaviour.cleanEndIsEnd && cleanEnd) || (behaviour.goawayIsEnd && goaway)) {
        log(`watch ended: ${ended}; taking it for the end`)
        return finish(0, printed({ status: 'running', messages: [...transcript.entries()].map(([id, e]) => ({ id, role: e.role, text: e.text })) }))
      }
      if (refused && !behaviour.replaysRefused) {
        log(`watch failed: ${ended}`)
        return finish(1)
      }
      if (behaviour.replaysAfterGoaway && goaway && !refused) cursor = asked
      fruitless = got > 0 ? 0 : fruitless + 1
      if (call >= maxReconnects) {
        log(`watch ended: ${ended}; gave up after ${maxReconnects} reconnects`)
        return finish(1)
      }
      const waitMs = refused ? 0 : Math.min(firstWaitMs * 2 ** fruitless, maxWaitMs) + 10
      log(`watch ended: ${ended}; ${refused ? 'replaying the refused call' : `reconnecting in ${waitMs} ms`} from cursor ${JSON.stringify(cursor)}`)
      if (waitMs > 0) await sleep(waitMs, deadline.signal)
    }
  } catch (error) {
    if (error instanceof DeadlineExpired || deadline.passed()) {
      log(`timeout: no settled reply within ${timeoutMs} ms`)
      return finish(2)
    }
    log(`failed: ${error?.stack ?? error}`)
    return finish(1)
  } finally {
    deadline.stop()
    await transport.close()
  }
}
