import type { Readable } from 'node:stream'

/** Reads a request stream to its end (rejects if it closes first). */
export async function readBody(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
