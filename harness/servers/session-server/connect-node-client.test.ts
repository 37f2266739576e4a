import { describe, expect, onTestFinished, test } from 'vitest'
import { Code } from '@connectrpc/connect'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'
import { watchOverConnect } from '#harness/__test-helpers__/session-server/connect-test-client.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'

/** Starts a server with the faults; it is closed when the test finishes. */
async function serve(faults: WatchFault[]): Promise<string> {
  const server = await startSessionServer(sampleScript(faults), () => {})
  onTestFinished(() => server.close())
  return server.url
}

describe('the session server as connect-node (JSON codec) sees it', () => {
  test.for(['2', '1.1'] as const)('over HTTP/%s: no fault is a clean stream; cut is an incomplete envelope; no-end a missing EndStreamResponse', async (httpVersion) => {
    const url = await serve([
      { watch: 2, atFrame: 2, kind: 'cut' },
      { watch: 3, atFrame: 4, kind: 'no-end' },
    ])
    const request = { sessionId: 's1' }
    expect(await watchOverConnect(url, httpVersion, request)).toEqual({ cursors: ['c0', 'c1', 'c2', 'c3'], error: null })
    expect(await watchOverConnect(url, httpVersion, request)).toEqual({ cursors: ['c0', 'c1'], error: { code: Code.InvalidArgument, rawMessage: 'protocol error: incomplete envelope' } })
    expect(await watchOverConnect(url, httpVersion, request)).toEqual({
      cursors: ['c0', 'c1', 'c2', 'c3'],
      error: { code: Code.InvalidArgument, rawMessage: 'protocol error: missing EndStreamResponse' },
    })
  })

  test.for(['2', '1.1'] as const)('over HTTP/%s: an end-error is a ConnectError with exactly its code, after the frames before it; past the last frame it replaces the end-of-stream envelope', async (httpVersion) => {
    const url = await serve([
      { watch: 1, atFrame: 2, kind: 'end-error', code: 'resource_exhausted' },
      { watch: 2, atFrame: 9, kind: 'end-error', code: 'permission_denied' },
    ])
    const request = { sessionId: 's1' }
    expect(await watchOverConnect(url, httpVersion, request)).toEqual({ cursors: ['c0', 'c1'], error: { code: Code.ResourceExhausted, rawMessage: 'contract-kit: the watch ends with resource_exhausted' } })
    expect(await watchOverConnect(url, httpVersion, request)).toEqual({ cursors: ['c0', 'c1', 'c2', 'c3'], error: { code: Code.PermissionDenied, rawMessage: 'contract-kit: the watch ends with permission_denied' } })
  })

  test('over HTTP/2: a drained watch is canceled, a refused one internal (REFUSED_STREAM), rst carries its code, and an unknown session is not_found', async () => {
    const url = await serve([
      { watch: 1, atFrame: 1, kind: 'goaway', code: 'NO_ERROR' },
      { watch: 2, atFrame: 1, kind: 'rst', code: 'INTERNAL_ERROR' },
      { watch: 3, atFrame: 0, kind: 'refuse' },
    ])
    const goaway = await watchOverConnect(url, '2', { sessionId: 's1' })
    expect([goaway.cursors, goaway.error?.code]).toEqual([['c0'], Code.Canceled])
    const rst = await watchOverConnect(url, '2', { sessionId: 's1' })
    expect([rst.cursors, rst.error?.code, rst.error?.rawMessage]).toEqual([['c0'], Code.Internal, expect.stringMatching(/INTERNAL_ERROR/)])
    const refused = await watchOverConnect(url, '2', { sessionId: 's1' })
    expect([refused.cursors, refused.error?.code, refused.error?.rawMessage]).toEqual([[], Code.Internal, expect.stringMatching(/REFUSED_STREAM/)])
    expect((await watchOverConnect(url, '2', { sessionId: 'nope' })).error?.code).toBe(Code.NotFound)
  })

  test('over HTTP/2: a drain ended by RST_STREAM INTERNAL_ERROR is internal; a GOAWAY with an error code is internal "Session closed with error code 2"', async () => {
    const url = await serve([
      { watch: 1, atFrame: 1, kind: 'goaway', code: 'NO_ERROR', then: 'INTERNAL_ERROR' },
      { watch: 2, atFrame: 1, kind: 'goaway', code: 'INTERNAL_ERROR' },
    ])
    const drained = await watchOverConnect(url, '2', { sessionId: 's1' })
    expect([drained.cursors, drained.error?.code, drained.error?.rawMessage]).toEqual([['c0'], Code.Internal, expect.stringMatching(/INTERNAL_ERROR/)])
    const failed = await watchOverConnect(url, '2', { sessionId: 's1' })
    expect([failed.cursors, failed.error?.code, failed.error?.rawMessage]).toEqual([['c0'], Code.Internal, 'Session closed with error code 2'])
  })
})
