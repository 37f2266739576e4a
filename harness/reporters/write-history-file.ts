import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { History } from '#harness/history/history.ts'

/**
 * Writes a History file whole or not at all (a temporary file beside it, renamed over it), one event a line: its
 * fields and each event are stringified one at a time, so however many events a run recorded, no string the kit
 * makes holds more than one of them (a whole History as one JSON string fails past V8's string limit, ~512 MiB).
 */
export function writeHistoryFile(file: string, history: History): void {
  mkdirSync(dirname(file), { recursive: true })
  const temporary = `${file}.tmp-${process.pid}`
  const fd = openSync(temporary, 'w')
  try {
    const { events = [], ...fields } = history
    const head = JSON.stringify(fields)
    writeSync(fd, `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}\n"events": [`)
    events.forEach((event, i) => writeSync(fd, `${i === 0 ? '\n' : ',\n'}${JSON.stringify(event)}`))
    writeSync(fd, '\n]}\n')
    closeSync(fd)
    renameSync(temporary, file)
  } catch (error) {
    try {
      closeSync(fd)
    } catch {
      // closed already
    }
    rmSync(temporary, { force: true })
    throw error
  }
}
