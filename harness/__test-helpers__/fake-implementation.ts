import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The parts of a fake implementation: code run first, and a handler body per method (`id` and `params` in scope). */
export interface FakeImplementation {
  prelude?: string
  handlers: Record<string, string>
}

/** A temp folder for fake implementations (tests only), removed by `remove()`. */
export interface FakeFolder {
  /** The folder itself, for other files a test writes. */
  readonly dir: string
  /** Writes a fake stdio implementation as a plain `.mjs` script and returns the argv that runs it. */
  write(name: string, fake: FakeImplementation): Promise<string[]>
  remove(): Promise<void>
}

const defaultInitialize = `reply(id, { name: 'fake', ports: ['pager'] })`

/** Makes a temp folder in which tests write small stdio implementations run with this Node (`process.execPath`). */
export async function makeFakeFolder(): Promise<FakeFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-kit-stdio-'))
  return {
    dir,
    async write(name, fake) {
      const handlers = { initialize: defaultInitialize, ...fake.handlers }
      const table = Object.entries(handlers)
        .map(([method, body]) => `  ${JSON.stringify(method)}: async (id, params) => { ${body} },`)
        .join('\n')
      const source = `import { createInterface } from 'node:readline'
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n')
const reply = (id, result) => send({ jsonrpc: '2.0', id, result })
const fail = (id, code, message, data) => send({ jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } })
${fake.prelude ?? ''}
const handlers = {
${table}
}
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const { id, method, params } = JSON.parse(line)
  const handler = handlers[method]
  if (handler) await handler(id, params)
  else fail(id, -32601, 'Method not found: ' + method)
}
`
      const file = join(dir, `${name}.mjs`)
      await writeFile(file, source)
      return [process.execPath, file]
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}
