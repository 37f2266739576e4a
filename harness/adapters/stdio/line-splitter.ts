const newline = 0x0a
const carriageReturn = 0x0d

/**
 * Splits a byte stream into UTF-8 lines ended by `\n` (a `\r` before it is dropped).
 * A line is decoded only once it is complete, so a character split across chunks stays whole,
 * and a line of many megabytes costs one copy. A line longer than `maxLineBytes` (finished or not) is never
 * kept: the splitter drops it and everything after it, and says so in `overflowed`, so its memory stays bounded.
 */
export class LineSplitter {
  private pending: Buffer[] = []
  private pendingBytes = 0
  private over = false

  constructor(readonly maxLineBytes = Number.POSITIVE_INFINITY) {}

  /** Takes the next chunk and returns the lines it completes, in order (none once a line was too long). */
  push(chunk: Buffer): string[] {
    const lines: string[] = []
    if (this.over) return lines
    let start = 0
    let at = chunk.indexOf(newline, start)
    while (at !== -1) {
      if (at === start && this.pendingBytes === 0) {
        // blank lines: nothing to copy or decode, and a run of them is counted here rather than searched for one by one
        do {
          lines.push('')
          start += 1
        } while (start < chunk.length && chunk[start] === newline)
        at = chunk.indexOf(newline, start)
        continue
      }
      const tail = chunk.subarray(start, at)
      if (this.pendingBytes + tail.length > this.maxLineBytes) return this.overflow(lines)
      const whole = this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail], this.pendingBytes + tail.length)
      this.pending = []
      this.pendingBytes = 0
      const end = whole.length > 0 && whole[whole.length - 1] === carriageReturn ? whole.length - 1 : whole.length
      lines.push(whole.toString('utf8', 0, end))
      start = at + 1
      at = chunk.indexOf(newline, start)
    }
    if (start < chunk.length) {
      if (this.pendingBytes + chunk.length - start > this.maxLineBytes) return this.overflow(lines)
      this.pending.push(chunk.subarray(start))
      this.pendingBytes += chunk.length - start
    }
    return lines
  }

  /** How many bytes of an unfinished line are held. */
  get bufferedBytes(): number {
    return this.pendingBytes
  }

  /** Whether a line longer than `maxLineBytes` came: it and everything after it were dropped. */
  get overflowed(): boolean {
    return this.over
  }

  /** Returns the unfinished last line (text after the last `\n`), or `null` if there is none, and forgets it. */
  flush(): string | null {
    if (this.pendingBytes === 0) return null
    const rest = Buffer.concat(this.pending, this.pendingBytes).toString('utf8')
    this.pending = []
    this.pendingBytes = 0
    return rest
  }

  private overflow(lines: string[]): string[] {
    this.over = true
    this.pending = []
    this.pendingBytes = 0
    return lines
  }
}
