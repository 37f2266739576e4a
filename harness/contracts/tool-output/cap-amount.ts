import type { CapUnit } from '#harness/ports/tool-output-port.ts'

const unitNames: Record<CapUnit, string> = { runes: 'runes', 'utf8-bytes': 'UTF-8 bytes', 'utf16-units': 'UTF-16 units' }

/** An amount in a cap's unit as evidence says it: `41,233 runes`, `3,001 UTF-8 bytes`, `2,999 UTF-16 units`. */
export function capAmount(n: number, unit: CapUnit): string {
  return `${n.toLocaleString('en-US')} ${unitNames[unit] ?? unit}`
}
