import fc from 'fast-check'
import { replyNames } from '#fixtures/replies/replies.ts'
import { replyScriptNames } from '#fixtures/replies/reply-scripts.ts'
import type { ReplyShape } from '#fixtures/replies/generate-reply.ts'
import type { ReplySpec } from '#fixtures/replies/resolve-reply.ts'

/** A reply as a scenario file writes it: a name, or a generated reply with only the fields that differ from the schema's defaults. */
export type WrittenReply = string | (Partial<ReplyShape> & { lines: number })

/** The scripts explored: every one but `markers`, whose marker-like text the session contracts would take for the view's own marks. */
const explored = replyScriptNames.filter((s) => s !== 'markers')

/** A generated reply's shape: mostly a few short lines, sometimes hundreds or thousands; any mix of scripts; mostly cut at a chosen byte of a character. */
const generated: fc.Arbitrary<ReplyShape> = fc.record({
  seed: fc.nat(999),
  lines: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 8 }), weight: 6 }, { arbitrary: fc.integer({ min: 9, max: 120 }), weight: 2 }, { arbitrary: fc.integer({ min: 121, max: 3000 }), weight: 1 }),
  lineChars: fc.integer({ min: 0, max: 24 }),
  scripts: fc.subarray(explored, { minLength: 1 }),
  numbered: fc.constantFrom('none' as const, 'plain' as const, 'padded' as const),
  order: fc.oneof({ arbitrary: fc.constant('seeded' as const), weight: 4 }, { arbitrary: fc.constant('cycle' as const), weight: 1 }),
  cut: fc.option(fc.record({ intoCharacter: fc.integer({ min: 0, max: 3 }) }), { freq: 4, nil: undefined }),
})

/** The reply of a case: a generated one (most often) or a named one. */
export const drawnReply: fc.Arbitrary<ReplySpec> = fc.oneof({ arbitrary: generated, weight: 5 }, { arbitrary: fc.constantFrom(...replyNames), weight: 1 })

/** A reply fitted to the view limit it is served under: a cut at most that many bytes into a character. */
export function fittedReply(reply: ReplySpec, viewLimitBytes: number): ReplySpec {
  if (typeof reply === 'string' || !reply.cut) return reply
  return { ...reply, cut: { intoCharacter: Math.min(reply.cut.intoCharacter, viewLimitBytes) } }
}

/** A reply as the scenario file writes it: a name, or the generated reply's fields that differ from the schema's defaults (its seed and lines always). */
export function writtenReply(reply: ReplySpec): WrittenReply {
  if (typeof reply === 'string') return reply
  const { seed, lines, lineChars, scripts, numbered, order, cut } = reply
  return {
    seed,
    lines,
    ...(lineChars !== 12 ? { lineChars } : {}),
    ...(scripts.length !== 1 || scripts[0] !== 'ascii' ? { scripts: [...scripts] } : {}),
    ...(numbered !== 'none' ? { numbered } : {}),
    ...(order !== 'seeded' ? { order } : {}),
    ...(cut ? { cut: { ...cut } } : {}),
  }
}
