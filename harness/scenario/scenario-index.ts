import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { deserialize, serialize } from 'node:v8'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'

/** What validating a scenario text gives: the scenario as the schema returns it (defaults applied) and the contracts it exercises. */
export interface IndexedScenario {
  scenario: Scenario
  exercises: string[]
}

/** The index's format, written in it: an index of another format is not read. */
export const scenarioIndexFormat = 'contract-kit/scenario-index@1'

/**
 * Where the build writes the index of the bundled scenarios: beside the compiled kit (`dist/scenario-index.bin`, made
 * by `npm run build` with the code that reads it). Run from the sources there is none, and every scenario is validated.
 */
export const scenarioIndexFile = fileURLToPath(new URL('../../scenario-index.bin', import.meta.url))

/**
 * The environment variable naming an index to read instead of `scenarioIndexFile`: the kit's own test run points the
 * sources at `dist/scenario-index.bin`, which its global setup has just made sure is newer than every source.
 */
export const scenarioIndexVariable = 'CONTRACT_KIT_SCENARIO_INDEX'

/** The digest a scenario text is indexed by: validating a scenario reads nothing but its text. */
export function scenarioDigest(source: string): string {
  return createHash('sha256').update(source).digest('base64url')
}

/** The bytes of an index of these validated texts (by digest). */
export function scenarioIndexBytes(entries: ReadonlyMap<string, IndexedScenario>): Buffer {
  return serialize({ format: scenarioIndexFormat, entries: new Map([...entries].map(([digest, indexed]) => [digest, serialize(indexed)])) })
}

/** An index as read: what it holds of a scenario text (a copy of its own for each caller), or undefined for a text it never saw. */
export type ScenarioIndex = (source: string) => IndexedScenario | undefined

/** Reads the bytes of an index; null for bytes that are not an index of this format (never an error: the scenarios are then validated). */
export function readScenarioIndex(bytes: Buffer): ScenarioIndex | null {
  try {
    const data = deserialize(bytes) as { format?: unknown; entries?: unknown }
    if (data.format !== scenarioIndexFormat || !(data.entries instanceof Map)) return null
    const entries = data.entries as Map<string, Buffer>
    return (source) => {
      const indexed = entries.get(scenarioDigest(source))
      return indexed === undefined ? undefined : (deserialize(indexed) as IndexedScenario)
    }
  } catch {
    return null
  }
}

let index: ScenarioIndex | null | undefined

/**
 * What the build found validating exactly this text — its scenario and exercised contracts — or undefined: no index
 * (the sources, or a kit compiled elsewhere), an unreadable one, or a text it never saw (a scenario of the user's, or
 * a bundled one changed since).
 */
export function indexedScenario(source: string): IndexedScenario | undefined {
  if (index === undefined) {
    try {
      index = readScenarioIndex(readFileSync(process.env[scenarioIndexVariable] || scenarioIndexFile))
    } catch {
      index = null
    }
  }
  return index?.(source)
}
