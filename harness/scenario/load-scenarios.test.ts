import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadScenarioFile, loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { ScenarioError } from '#harness/scenario/scenario-error.ts'

const valid = [
  '# yaml-language-server: $schema=../scenario.schema.json',
  'title: Default read returns a bounded page',
  'port: pager',
  'fixture: analysis-run/forty-exchanges',
  'given:',
  '  ceilings:',
  '    - { measure: json-bytes, max: 262144 }',
  '    - measure: retained-bytes',
  '      largestItemOf: model-exchanges',
  '      by: -1',
  'steps:',
  '  - read: { collection: model-exchanges, limit: 1 }',
]

/** The valid scenario with some of its lines (1-based) replaced, or removed when the replacement is undefined. */
function edited(changes: Record<number, string | undefined>): string {
  const lines = valid.flatMap((line, index) => {
    const number = index + 1
    if (!(number in changes)) return [line]
    const replacement = changes[number]
    return replacement === undefined ? [] : [replacement]
  })
  return `${lines.join('\n')}\n`
}

let root: string

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'contract-kit-scenarios-'))
})

afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function write(path: string, text: string): Promise<string> {
  const file = join(root, path)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, text)
  return file
}

/** The ScenarioError loading one file with this text throws. */
async function rejection(text: string): Promise<ScenarioError> {
  const file = await write('regressions/x.yaml', text)
  const error = await loadScenarioFile(file, root).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof ScenarioError)) throw new Error(`expected a ScenarioError, got ${String(error)}`)
  return error
}

describe('loadScenarios', () => {
  it('loads every *.yaml under the root, sorted by case id, skipping the schema and other files', async () => {
    await write('size/b.yaml', edited({}))
    await write('regressions/analysis-result-budget/forty-exchanges.yaml', edited({}))
    await write('size/a.yaml', edited({}))
    await write('scenario.schema.json', '{}')
    await write('size/notes.md', '# not a scenario')
    const loaded = await loadScenarios(root)
    expect(loaded.map(({ id }) => id)).toEqual(['regressions/analysis-result-budget/forty-exchanges', 'size/a', 'size/b'])
    expect(loaded[1]).toMatchObject({ file: join(root, 'size', 'a.yaml'), scenario: { port: 'pager', fixture: 'analysis-run/forty-exchanges' } })
  })

  it('returns no scenarios for an empty folder', async () => {
    expect(await loadScenarios(root)).toEqual([])
  })

  it('throws the error of the first invalid file in case-id order', async () => {
    await write('b/second.yaml', edited({ 3: 'port: paper' }))
    await write('a/first.yaml', edited({ 4: undefined }))
    await write('a/fine.yaml', edited({}))
    await expect(loadScenarios(root)).rejects.toThrow(`${join(root, 'a', 'first.yaml')}:2:1: fixture: missing`)
  })

  it('rejects a file whose case id is not kebab-case', async () => {
    await write('size/Bad_Name.yaml', edited({}))
    await expect(loadScenarios(root)).rejects.toThrow(
      `${join(root, 'size', 'Bad_Name.yaml')}: expected a path of kebab-case names (a-z, 0-9 and -) for its case id, got "size/Bad_Name"`,
    )
  })

  it('rejects a missing folder with a ScenarioError', async () => {
    await expect(loadScenarios(join(root, 'nowhere'))).rejects.toBeInstanceOf(ScenarioError)
  })
})

describe('loadScenarioFile', () => {
  it('names the scenario by its path under the root', async () => {
    const file = await write('regressions/analysis-result-budget/forty-exchanges.yaml', edited({}))
    const loaded = await loadScenarioFile(file, root)
    expect(loaded.id).toBe('regressions/analysis-result-budget/forty-exchanges')
    expect(loaded.scenario.port === 'pager' && loaded.scenario.given.ceilings[1]).toEqual({ measure: 'retained-bytes', largestItemOf: 'model-exchanges', by: -1 })
  })

  it('rejects a file outside the root', async () => {
    const file = await write('elsewhere/x.yaml', edited({}))
    await expect(loadScenarioFile(file, join(root, 'scenarios'))).rejects.toThrow(/expected a scenario file under/)
  })

  it('points at the value of a wrong enum', async () => {
    const error = await rejection(edited({ 8: '    - measure: retained' }))
    expect(error.message).toBe(
      `${error.file}:8:16: given.ceilings[1].measure: expected one of utf8-bytes, runes, utf16-units, json-bytes, retained-bytes, got "retained"`,
    )
    expect(error).toMatchObject({ field: 'given.ceilings[1].measure', line: 8, column: 16 })
  })

  it('points at the parent of a missing required field', async () => {
    const error = await rejection(edited({ 4: undefined }))
    expect(error.message).toBe(
      `${error.file}:2:1: fixture: missing, expected a fixture: one of analysis-run/forty-exchanges, analysis-run/six-turns, analysis-run/derivation-edges, or { analysis-run: { seed, turns, exchanges, toolCalls, … } }`,
    )
    expect(error).toMatchObject({ field: 'fixture', line: 2, column: 1 })
  })

  it('points at an unknown key and lists the keys it could be', async () => {
    const error = await rejection(edited({ 6: '  ceilngs:' }))
    expect(error.message).toBe(`${error.file}:6:3: given.ceilngs: unknown key, expected one of ceilings, timeoutMs, previousFixture`)
    expect(error).toMatchObject({ line: 6, column: 3 })
  })

  it('rejects a step with two kinds', async () => {
    const error = await rejection(edited({ 12: '  - { read: { collection: model-exchanges }, walk: { collection: model-exchanges } }' }))
    expect(error.message).toBe(`${error.file}:12:5: steps[0]: expected exactly one of read, walk, got {read, walk}`)
  })

  it('goes into the step kind that was meant', async () => {
    const error = await rejection(edited({ 12: '  - read: { collection: model-exchanges, cursor: 7 }' }))
    expect(error.message).toBe(`${error.file}:12:50: steps[0].read.cursor: expected a cursor string or null, got 7`)
  })

  it('rejects a non-integer max', async () => {
    const error = await rejection(edited({ 7: '    - { measure: json-bytes, max: 1.5 }' }))
    expect(error.message).toBe(`${error.file}:7:35: given.ceilings[0].max: expected a positive integer, at most 2,147,483,647, got 1.5`)
  })

  it('points at the key of an empty field', async () => {
    const error = await rejection(edited({ 5: 'given:', 6: undefined, 7: undefined, 8: undefined, 9: undefined, 10: undefined }))
    expect(error.message).toBe(`${error.file}:5:1: given: expected a mapping with ceilings (and timeoutMs, previousFixture), got null`)
  })

  it('reports the first failure in the file', async () => {
    const error = await rejection(edited({ 3: 'port: pager', 10: '      by: 0.5', 12: '  - read: { collection: "" }' }))
    expect(error.field).toBe('given.ceilings[1].by')
  })

  it('gives a YAML syntax error with its position and the first line of the parser message', async () => {
    const duplicate = await rejection(edited({ 3: 'title: again' }))
    expect(duplicate.message).toBe(`${duplicate.file}:3:1: Map keys must be unique`)
    const unclosed = await rejection(edited({ 12: '  - read: { collection: model-exchanges' }))
    expect(unclosed.message).toBe(
      `${unclosed.file}:13:1: Flow map in block collection must be sufficiently indented and end with a }`,
    )
    expect(unclosed.field).toBe('')
  })

  it('rejects an empty file without a position', async () => {
    const error = await rejection('# nothing here\n')
    expect(error.message).toBe(`${error.file}: expected a scenario mapping (title, port, fixture, given, steps), got null`)
    expect(error.line).toBeUndefined()
  })

  it('rejects an unknown port at its value', async () => {
    const error = await rejection(edited({ 3: 'port: paper' }))
    expect(error.message).toBe(`${error.file}:3:7: port: expected one of pager, session-client, snapshotter, tool-output, agent-log, got "paper"`)
  })

  it.for([
    ['seed: -5, lines: 3', 'viewLimitBytes: 64', '4:18: given.reply.seed: expected an integer from 0 to 4294967295, got -5'],
    ['lines: 3, cut: { intoCharacter: 4 }', 'viewLimitBytes: 64', '4:44: given.reply.cut.intoCharacter: expected an integer from 0 to 3, got 4'],
    ['lines: 3, cut: { intoCharacter: 2 }', 'viewLimitBytes: 1', '4:44: given.reply.cut.intoCharacter: expected a cut no further into a character than viewLimitBytes (the character starts at or after the first byte), got 2'],
  ])('rejects a generated reply out of range with its position, never a stack trace: %s', async ([reply, limit, message]) => {
    const error = await rejection(['port: session-client', 'title: a generated reply', 'given:', `  reply: { ${reply} }`, `  ${limit}`, ''].join('\n'))
    expect(error.message).toBe(`${join(root, 'regressions/x.yaml')}:${message}`)
  })
})
