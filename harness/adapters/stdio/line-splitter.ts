const newline = 0x0a
const carriageReturn = 0x0d

/**
 * Splits a byte stream into UTF-8 lines ended by `\n` (a `\r` before it is dropped).
 * A line is decoded only once it is complete, so a character split across chunks stays whole,
 * and a line of many megabytes costs one copy.
 */
export class LineSplitter {
  private pending: Buffer[] = []
  private pendingBytes = 0

  /** Takes the next chunk and returns the lines it completes, in order. */
  push(chunk: Buffer): string[] {
    const lines: string[] = []
    let start = 0
    let at = chunk.indexOf(newline, start)
    while (at !== -1) {
      const tail = chunk.subarray(start, at)
      const whole = this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail], this.pendingBytes + tail.length)
      this.pending = []
      this.pendingBytes = 0
      const end = whole.length > 0 && whole[whole.length - 1] === carriageReturn ? whole.length - 1 : whole.length
      lines.push(whole.toString('utf8', 0, end))
      start = at + 1
      at = chunk.indexOf(newline, start)
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start))
      this.pendingBytes += chunk.length - start
    }
    return lines
  }

  /** How many bytes of an unfinished line are held. */
  get bufferedBytes(): number {
    return this.pendingBytes
  }

  /** Returns the unfinished last line (text after the last `\n`), or `null` if there is none, and forgets it. */
  flush(): string | null {
    if (this.pendingBytes === 0) return null
    const rest = Buffer.concat(this.pending, this.pendingBytes).toString('utf8')
    this.pending = []
    this.pendingBytes = 0
    return rest
  }
}
