import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shortestSessionDeadline } from '#harness/doctor/shortest-session-deadline.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

let temp: string
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'contract-kit-deadline-test-'))
})
afterAll(() => rm(temp, { recursive: true, force: true }))

const session = (timeoutMs?: number): string =>
  `title: a session\nport: session-client\ngiven:\n  reply: short\n${timeoutMs === undefined ? '' : `  timeoutMs: ${timeoutMs}\n`}`

describe('shortestSessionDeadline', () => {
  it('reads the least timeoutMs of the session-client scenarios, defaults applied, naming the scenario', async () => {
    const root = join(temp, 'scenarios')
    await mkdir(join(root, 'session-client'), { recursive: true })
    await mkdir(join(root, 'pager'))
    await writeFile(join(root, 'session-client', 'default.yaml'), session())
    await writeFile(join(root, 'session-client', 'short.yaml'), session(700))
    await writeFile(join(root, 'session-client', 'long.yaml'), session(20_000))
    await cp(join(scenarioRoot, 'pager', 'invalid-cursor.yaml'), join(root, 'pager', 'invalid-cursor.yaml'))
    expect(await shortestSessionDeadline(root)).toEqual({ ms: 700, source: 'the least timeoutMs of the bundled session-client scenarios (session-client/short)' })
    await rm(join(root, 'session-client', 'short.yaml'))
    expect((await shortestSessionDeadline(root)).ms).toBe(10_000) // the schema's default
  })

  it('takes the bundled scenarios by default, as their files give it now', async () => {
    const { ms, source } = await shortestSessionDeadline()
    const id = /\(([^)]+)\)$/.exec(source)?.[1]
    expect(id).toBeDefined()
    const text = await readFile(join(scenarioRoot, `${id}.yaml`), 'utf8')
    if (/^ {2}timeoutMs:/m.test(text)) expect(text).toMatch(new RegExp(`^ {2}timeoutMs: ${ms}$`, 'm'))
    else expect(ms).toBe(10_000) // no bundled scenario sets a shorter one than the schema's default
  })
})
