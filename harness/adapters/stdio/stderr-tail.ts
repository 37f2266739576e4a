/** Keeps the last `limitBytes` bytes written to a stream (an implementation's stderr) and reads them back as text. */
export class StderrTail {
  private chunks: Buffer[] = []
  private held = 0
  private dropped = 0

  constructor(readonly limitBytes = 64 * 1024) {}

  /** Appends a chunk, dropping the oldest bytes beyond the limit. */
  push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.held += chunk.length
    if (this.held > 2 * this.limitBytes) this.compact()
  }

  /** The kept text; when older bytes were dropped it starts with a note saying how many. */
  text(): string {
    this.compact()
    if (this.held === 0) return ''
    const bytes = this.chunks[0]
    let start = 0
    // after a cut, skip UTF-8 continuation bytes so the text starts on a whole character
    while (this.dropped > 0 && start < bytes.length && start < 3 && (bytes[start] & 0xc0) === 0x80) start += 1
    const text = bytes.toString('utf8', start)
    const lost = this.dropped + start
    return lost > 0 ? `[… ${lost} earlier bytes of stderr dropped]\n${text}` : text
  }

  /** The last `maxChars` characters of the kept text (for an error message), or '' if none. */
  last(maxChars: number): string {
    const text = this.text()
    if (text.length <= maxChars) return text
    let start = text.length - maxChars
    const code = text.charCodeAt(start)
    if (code >= 0xdc00 && code <= 0xdfff) start += 1 // never start inside a surrogate pair
    return `…${text.slice(start)}`
  }

  private compact(): void {
    if (this.chunks.length <= 1 && this.held <= this.limitBytes) return
    let all = Buffer.concat(this.chunks, this.held)
    if (all.length > this.limitBytes) {
      this.dropped += all.length - this.limitBytes
      all = all.subarray(all.length - this.limitBytes)
    }
    this.chunks = [all]
    this.held = all.length
  }
}
