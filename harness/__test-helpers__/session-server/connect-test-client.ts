import { create, createFileRegistry } from '@bufbuild/protobuf'
import type { DescService } from '@bufbuild/protobuf'
import { FieldDescriptorProto_Label, FieldDescriptorProto_Type, FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt'
import { ConnectError, createClient } from '@connectrpc/connect'
import { Http2SessionManager, createConnectTransport } from '@connectrpc/connect-node'

const { STRING, INT32, MESSAGE } = FieldDescriptorProto_Type
const { OPTIONAL, REPEATED } = FieldDescriptorProto_Label
const field = (number: number, name: string, jsonName: string, type: FieldDescriptorProto_Type, typeName?: string, label = OPTIONAL) => ({ number, name, jsonName, type, typeName, label })

const service: DescService = createFileRegistry(
  create(FileDescriptorProtoSchema, {
    name: 'contractkit/session/v1/watch-only.proto',
    package: 'contractkit.session.v1',
    syntax: 'proto3',
    messageType: [
      { name: 'SessionMessage', field: [field(1, 'id', 'id', STRING), field(2, 'role', 'role', STRING), field(3, 'text', 'text', STRING), field(4, 'truncated_bytes', 'truncatedBytes', INT32)] },
      { name: 'SessionFrame', field: [field(1, 'cursor', 'cursor', STRING), field(2, 'status', 'status', STRING), field(3, 'messages', 'messages', MESSAGE, '.contractkit.session.v1.SessionMessage', REPEATED)] },
      { name: 'WatchSessionRequest', field: [field(1, 'session_id', 'sessionId', STRING), field(2, 'cursor', 'cursor', STRING)] },
    ],
    service: [
      {
        name: 'SessionService',
        method: [{ name: 'WatchSession', inputType: '.contractkit.session.v1.WatchSessionRequest', outputType: '.contractkit.session.v1.SessionFrame', serverStreaming: true }],
      },
    ],
  }),
  () => undefined,
).getService('contractkit.session.v1.SessionService')!

/** What a connect-node client saw of one WatchSession call: the cursors of the frames it got, and the ConnectError it ended with (null: a clean end). */
export interface ConnectOutcome {
  cursors: string[]
  error: { code: number; rawMessage: string } | null
}

/** Test helper: one WatchSession call with an untyped connect-node client (JSON codec) over HTTP/2 or HTTP/1.1; the h2 session is closed after. */
export async function watchOverConnect(baseUrl: string, httpVersion: '2' | '1.1', request: { sessionId: string; cursor?: string }): Promise<ConnectOutcome> {
  const sessionManager = httpVersion === '2' ? new Http2SessionManager(baseUrl) : undefined
  const transport =
    httpVersion === '2'
      ? createConnectTransport({ baseUrl, httpVersion, useBinaryFormat: false, sessionManager })
      : createConnectTransport({ baseUrl, httpVersion, useBinaryFormat: false })
  const client = createClient(service, transport) as unknown as { watchSession(request: object): AsyncIterable<{ cursor: string }> }
  const cursors: string[] = []
  try {
    for await (const frame of client.watchSession(request)) cursors.push(frame.cursor)
    return { cursors, error: null }
  } catch (error) {
    const { code, rawMessage } = ConnectError.from(error)
    return { cursors, error: { code, rawMessage } }
  } finally {
    sessionManager?.abort()
  }
}
