import { byteSize } from '#harness/adapters/stdio/byte-size.ts'

/** Counts what one stream of an implementation wrote since the last reset, against a limit the kit reads at most. */
export class StreamBudget {
  private used = 0

  constructor(
    /** `stdout` or `stderr` (stdio, command), or `response body` (HTTP), for the message. */
    readonly stream: 'stdout' | 'stderr' | 'response body',
    readonly limitBytes: number,
    /** Where the count runs, for the message: "from one request to the next", "in one run". */
    readonly span: string,
  ) {}

  /** Counts a chunk; false once more than the limit was written. */
  take(bytes: number): boolean {
    this.used += bytes
    return this.used <= this.limitBytes
  }

  /** How many bytes were counted since the last reset. */
  get bytes(): number {
    return this.used
  }

  /** Starts counting again (at a new request). */
  reset(): void {
    this.used = 0
  }

  /** "stderr: more than 64 MiB written from one request to the next; the limit is 64 MiB (67108864 bytes)", with `during` before the limit. */
  message(during = ''): string {
    return `${this.stream}: more than ${byteSize(this.limitBytes)} written ${this.span}${during}; the limit is ${byteSize(this.limitBytes)} (${this.limitBytes} bytes)`
  }
}
