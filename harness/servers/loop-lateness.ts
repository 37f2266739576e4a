/**
 * How late this process's event loop may be handling what it handles now, measured by a 1 ms ticker shared by every
 * server that watches it. An I/O event handled now arrived after the loop's previous poll, which came after the
 * second-to-last tick: so `earliestNow()` — that tick — is the earliest moment such an event may have reached the
 * process. When the loop ran freely it is a millisecond or two ago; after a 60 ms stall (another test judging, a
 * starved process on a busy machine) it is 60 ms ago, and a stamp taken now is known to be up to that late.
 */
export const loopLateness = {
  /** Starts the ticker (shared, unref'd) until the returned function is called. */
  watch(): () => void {
    if (watchers++ === 0) {
      last = before = performance.now()
      ticker = setInterval(tick, 1)
      ticker.unref()
    }
    let stopped = false
    return () => {
      if (stopped) return
      stopped = true
      if (--watchers === 0) {
        clearInterval(ticker)
        ticker = undefined
      }
    }
  },
  /** The earliest moment (`performance.now()`) an event the loop handles now may have happened; now itself when nothing watches. */
  earliestNow(): number {
    return ticker ? before : performance.now()
  },
}

let watchers = 0
let ticker: ReturnType<typeof setInterval> | undefined
let last = 0
let before = 0

function tick(): void {
  before = last
  last = performance.now()
}
