import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

/** Test helper: collects a server's events and lets a test wait (without sleeping) for the first event that matches. */
export class EventLog {
  readonly events: ServerEvent[] = []
  #waiting: Array<{ match: (event: ServerEvent) => boolean; resolve: (event: ServerEvent) => void }> = []

  /** The record function to hand to the server. */
  readonly record = (event: ServerEvent): void => {
    this.events.push(event)
    this.#waiting = this.#waiting.filter((waiter) => !(waiter.match(event) && (waiter.resolve(event), true)))
  }

  /** Resolves with the first event (already recorded or still to come) that matches. */
  next(match: (event: ServerEvent) => boolean): Promise<ServerEvent> {
    const seen = this.events.find(match)
    return seen ? Promise.resolve(seen) : new Promise((resolve) => this.#waiting.push({ match, resolve }))
  }

  /** The recorded events of one type. */
  ofType<T extends ServerEvent['type']>(type: T): Array<Extract<ServerEvent, { type: T }>> {
    return this.events.filter((event): event is Extract<ServerEvent, { type: T }> => event.type === type)
  }
}
