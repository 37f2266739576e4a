import type { SessionScript, WatchFault } from '#harness/servers/session-server/session-script.ts'

/** Test helper: a four-frame session (cursors c0…c3, the last one `done`) with two whole messages, and the given faults and reads. */
export function sampleScript(faults: WatchFault[] = [], reads: SessionScript['reads'] = ['ok']): SessionScript {
  const whole = { id: 'm2', role: 'assistant' as const, text: 'the whole reply, longer than the view' }
  const cut = { ...whole, text: 'the whole[28 bytes truncated]', truncatedBytes: 28 }
  return {
    sessionId: 's1',
    frames: [0, 1, 2, 3].map((index) => ({
      cursor: `c${index}`,
      status: index === 3 ? ('done' as const) : ('running' as const),
      messages: [{ id: 'm1', role: 'user' as const, text: `question ${index}` }, ...(index === 3 ? [cut] : [])],
    })),
    wholeMessages: { m1: { id: 'm1', role: 'user', text: 'question 3' }, m2: whole },
    reads,
    faults,
  }
}
