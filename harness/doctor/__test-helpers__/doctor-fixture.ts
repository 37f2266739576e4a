import { fileURLToPath } from 'node:url'

/** The argv that runs one of the misbehaving (or healthy) stdio implementations of fixtures/doctor with this Node. */
export function doctorFixture(name: string): string[] {
  return [process.execPath, fileURLToPath(new URL(`../../../fixtures/doctor/${name}.mjs`, import.meta.url))]
}
