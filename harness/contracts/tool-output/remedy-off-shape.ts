import { visibleJson } from '#harness/contracts/text-difference.ts'

/**
 * Why a remedy as answered is not one of the documented wire shapes (`{ option: 'depth', value: N }` with N a positive
 * integer, `{ option: 'compact' }`, `{ option: 'interactive' }`, no other key), or undefined when it is one. The kit runs
 * only remedies of a documented shape: an off-shape one (a depth of another JSON type, say) is judged, never run.
 */
export function remedyOffShape(remedy: unknown): string | undefined {
  if (typeof remedy !== 'object' || remedy === null || Array.isArray(remedy)) return 'it is not an object'
  const { option, ...rest } = remedy as Record<string, unknown>
  const keys = Object.keys(rest)
  if (option === 'compact' || option === 'interactive') return keys.length === 0 ? undefined : `{ option: '${option}' } carries ${keys.join(', ')}`
  if (option !== 'depth') return `its option is ${visibleJson(option)}, not depth, compact or interactive`
  const { value, ...others } = rest
  if (!Number.isInteger(value) || (value as number) < 1) return `the depth remedy's value is ${visibleJson(value)}, not a positive integer`
  return Object.keys(others).length === 0 ? undefined : `the depth remedy carries ${Object.keys(others).join(', ')}`
}
