import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'
import { encodeEnvelope } from '#harness/servers/session-server/connect-envelope.ts'

/** A byte string as a POSIX `printf` format: printable ASCII as is, every other byte as a 3-digit octal escape. */
function printfBytes(bytes: Uint8Array): string {
  return [...bytes].map((b) => (b >= 0x20 && b < 0x7f && b !== 0x25 && b !== 0x5c && b !== 0x27 ? String.fromCharCode(b) : `\\${b.toString(8).padStart(3, '0')}`)).join('')
}

/** Shell command lines that watch a session on the kit's server by hand with curl and nghttp, and read one message whole. */
export function pokeCommands(url: string, sessionId: string, messageId = 'm-2'): string[] {
  const watchBody = `printf '${printfBytes(encodeEnvelope(0, { sessionId }))}'`
  const readBody = JSON.stringify({ sessionId, messageId })
  return [
    `${watchBody} | curl -sv --http2-prior-knowledge -H 'content-type: application/connect+json' --data-binary @- ${url}${sessionPaths.watch} --output -`,
    `${watchBody} | nghttp -v -d - -H 'content-type: application/connect+json' ${url}${sessionPaths.watch}`,
    `curl -s --http2-prior-knowledge -H 'content-type: application/json' -d '${readBody}' ${url}${sessionPaths.read}`,
  ]
}
