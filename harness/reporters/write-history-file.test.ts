import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { History } from '#harness/history/history.ts'
import { writeHistoryFile } from '#harness/reporters/write-history-file.ts'

const folder = mkdtempSync(join(tmpdir(), 'contract-kit-history-file-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const history = (events: unknown[]) => ({ format: 'contract-kit/history@2', port: 'pager', scenario: 's', adapter: 'a', events, oracle: { text: 'a "quoted" \u2028 line' } }) as unknown as History

describe('writeHistoryFile', () => {
  it('writes the same JSON value as JSON.stringify, one event a line, and leaves no temporary file', () => {
    for (const events of [[], [{ type: 'note', index: 0, what: 'x', value: { a: [1, 2] } }], [{ type: 'invoke', index: 0 }, { type: 'ok', index: 1, value: 'ü 🛠 </script>' }]]) {
      const file = join(folder, 'h', `${events.length}.json`)
      writeHistoryFile(file, history(events))
      const text = readFileSync(file, 'utf8')
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(history(events))))
      expect(text.split('\n').filter((line) => line.startsWith('{"type"'))).toHaveLength(events.length)
    }
    expect(readdirSync(join(folder, 'h')).filter((name) => name.includes('.tmp-'))).toEqual([])
  })
})
