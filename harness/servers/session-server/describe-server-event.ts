import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

/** One line saying what the session server did or saw (what `contract-kit serve` prints for each event). */
export function describeServerEvent(event: ServerEvent): string {
  switch (event.type) {
    case 'connection':
      return `connection ${event.connection} (${event.protocol})`
    case 'watch':
      return `watch ${event.watch}: WatchSession on connection ${event.connection}${event.stream === null ? '' : `, stream ${event.stream}`}, ${event.cursor ? `after cursor ${event.cursor}` : 'from the start'}`
    case 'frame':
      return `watch ${event.watch}: frame ${event.cursor} sent whole`
    case 'fault': {
      const where = 'frame' in event.at ? `before frame ${event.at.frame} of the call` : `at byte ${event.at.byte}`
      const what = [event.kind, event.code, event.ms === null ? null : `${event.ms} ms`].filter(Boolean).join(' ')
      return `watch ${event.watch}: fault ${what} ${where}${event.sent.length ? `: ${event.sent.join(', then ')}` : ''}`
    }
    case 'end':
      return `watch ${event.watch}: ended by ${event.how === 'end-stream' ? `its end-of-stream envelope${event.error ? ` (error ${event.error})` : ''}` : event.how}`
    case 'refused':
      return `connection ${event.connection}: stream ${event.stream} (${event.path}) opened above the GOAWAY's last_stream_id: RST_STREAM REFUSED_STREAM, not processed`
    case 'read':
      return `read ${event.read}: GetSessionMessage ${event.messageId ?? '(no message id)'} on connection ${event.connection}: ${event.answer === 'hang' ? 'hangs (no answer)' : event.answer}`
    case 'read-abandoned':
      return `read ${event.read}: the hung read of ${event.messageId ?? '(no message id)'} ended, by the ${event.by === 'client' ? 'client' : "server's close"}`
  }
}
