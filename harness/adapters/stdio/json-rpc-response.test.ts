import { describe, expect, it } from 'vitest'
import { parseJsonRpcResponse } from '#harness/adapters/stdio/json-rpc-response.ts'

describe('parseJsonRpcResponse', () => {
  it('reads a result and an error response', () => {
    expect(parseJsonRpcResponse('{"jsonrpc":"2.0","id":1,"result":null}')).toEqual({ ok: true, response: { id: 1, result: null } })
    const error = '{"jsonrpc":"2.0","id":3,"error":{"code":-32000,"message":"too big","data":{"code":"result_limit_exceeded"}}}'
    expect(parseJsonRpcResponse(error)).toEqual({
      ok: true,
      response: { id: 3, error: { code: -32000, message: 'too big', data: { code: 'result_limit_exceeded' } } },
    })
  })

  it.each([
    ['Listening on stdin…', 'it is not JSON'],
    ['42', 'it is not a JSON object'],
    ['[{"jsonrpc":"2.0","id":1,"result":1}]', 'it is an array (batches are not used)'],
    ['{"id":1,"result":1}', 'it lacks "jsonrpc":"2.0"'],
    ['{"jsonrpc":"2.0","method":"log","params":{}}', 'it is a request or notification, and the kit accepts only responses'],
    ['{"jsonrpc":"2.0","result":1}', 'it has no "id"'],
    ['{"jsonrpc":"2.0","id":1}', 'it must have exactly one of "result" and "error"'],
    ['{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"x"}}', 'it must have exactly one of "result" and "error"'],
    ['{"jsonrpc":"2.0","id":1,"error":{"code":"E1","message":"x"}}', '"error" must be an object with an integer "code" and a string "message"'],
  ])('rejects %s', (line, problem) => {
    expect(parseJsonRpcResponse(line)).toEqual({ ok: false, problem })
  })
})
