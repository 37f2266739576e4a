import { createHash } from 'node:crypto'

/**
 * The path, under the report folder, of the History of one run: `histories/<adapter>/<scenario-id>.json`, safe on any
 * file system; an earlier attempt of a run settled by running it again: `<scenario-id>.attempt-<n>.json`.
 */
export function historyFileName(adapter: string, scenario: string, attempt?: number): string {
  return `histories/${slug(adapter)}/${scenario.split('/').map(slug).join('/')}${attempt === undefined ? '' : `.attempt-${attempt}`}.json`
}

function slug(text: string): string {
  const dotted = text.replace(/\//g, '.') // a bundled system's name: pager/reference@stdio → pager.reference@stdio
  const plain = dotted.replace(/[^\w.@-]+/g, '_').replace(/^\.+/, '_')
  if (plain.length <= 60 && plain === dotted) return plain
  return `${plain.slice(0, 48)}-${createHash('sha256').update(text).digest('hex').slice(0, 10)}`
}
