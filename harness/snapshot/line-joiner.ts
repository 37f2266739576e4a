/** How many lines a chunk joins before it is kept as one string. */
const chunkLines = 4096

/**
 * Joins lines with `\n` as they come, a chunk of lines at a time: a text of 100,000 lines kept as 100,000 strings in an
 * array until the end survives every young-generation collection made while it grows, and each one copies them all
 * again (the cost grows as the square of the lines); joined chunks are a few large strings, and the lines die young.
 */
export class LineJoiner {
  readonly #chunks: string[] = []
  #lines: string[] = []

  /** Adds one line. */
  push(line: string): void {
    this.#lines.push(line)
    if (this.#lines.length === chunkLines) {
      this.#chunks.push(this.#lines.join('\n'))
      this.#lines = []
    }
  }

  /** The lines so far, joined with `\n` (as `lines.join('\n')` would), as one flat string (one join, not a concatenation to flatten later). */
  text(): string {
    if (this.#chunks.length === 0) return this.#lines.join('\n')
    if (this.#lines.length > 0) {
      this.#chunks.push(this.#lines.join('\n'))
      this.#lines = []
    }
    return this.#chunks.join('\n')
  }
}
