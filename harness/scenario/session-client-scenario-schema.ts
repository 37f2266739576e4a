import { z } from 'zod'
import { boundedList, bugId, expected, integer, oneLine, oneOf, strict, text } from '#harness/scenario/schema-helpers.ts'
import { scenarioBounds } from '#harness/scenario/scenario-bounds.ts'

const ms = scenarioBounds.ms
/** The most bytes of a message the view shows: every frame showing the reply holds that much (`framesAfter` + `laterTurns` + 1 of them). */
const maxViewLimitBytes = 262_144
/** The most frames of each kind (before, after, later turns): the kit builds every frame before serving. */
const maxFrames = 100
import { replyNames } from '#fixtures/replies/replies.ts'
import { replyScriptNames } from '#fixtures/replies/reply-scripts.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { watchEndCodes } from '#harness/servers/session-server/watch-end-codes.ts'

const readAnswers = ['ok', 'unavailable', 'internal', 'deadline_exceeded', 'unknown', 'aborted', 'canceled', 'not_found', 'hang', 'drop', 'unimplemented'] as const
const faultKinds = ['goaway', 'goaway-notice', 'refuse', 'rst', 'cut', 'no-end', 'end-error', 'drop', 'delay'] as const
const endCodes = [...watchEndCodes.transient, ...watchEndCodes.permanent] as const
const faultCodes = ['NO_ERROR', 'INTERNAL_ERROR', 'ENHANCE_YOUR_CALM', 'CANCEL', ...endCodes] as const
const allowedCodes = (kind: string): readonly string[] => (kind === 'goaway' ? ['NO_ERROR', 'INTERNAL_ERROR', 'ENHANCE_YOUR_CALM'] : kind === 'rst' ? ['CANCEL', 'INTERNAL_ERROR'] : kind === 'end-error' ? endCodes : [])

const fault = strict(
  {
    watch: integer('a positive integer (1: the first WatchSession call), at most 1,000', 1, 1_000).default(1).describe('Which WatchSession call: 1 is the first, 2 the one after a reconnect.'),
    atFrame: integer('a frame index from 0 to 1,000', 0, 1_000).optional().describe('Before this frame of that call, counted from 0 within the call (0: before its first frame).'),
    atByte: integer(`a byte offset from 0 to ${scenarioBounds.threshold}`, 0, scenarioBounds.threshold).optional().describe('Once this many bytes of that call’s body were written.'),
    kind: oneOf(faultKinds).describe('What the server does.'),
    code: oneOf(faultCodes)
      .optional()
      .describe('The HTTP/2 error code of a goaway (default NO_ERROR) or rst (default CANCEL); the Connect error code an end-error’s end-of-stream envelope carries (required).'),
    then: oneOf(['CANCEL', 'INTERNAL_ERROR', 'close'] as const).optional().describe('How a goaway NO_ERROR ends the watch it covers: RST_STREAM CANCEL (default) or INTERNAL_ERROR, or the connection closing after graceMs.'),
    graceMs: integer(`an integer of milliseconds from 0 to ${ms}`, 0, ms).optional().describe('For a goaway with then: close (or an error code): how long the connection stays open after the GOAWAY (default 100 after NO_ERROR, 0 after an error code).'),
    ms: integer(`a positive number of milliseconds, at most ${ms}`, 1, ms).optional().describe('How long a delay waits.'),
  },
  'a fault: kind, and atFrame or atByte',
)
  .refine((f) => (f.atFrame === undefined) !== (f.atByte === undefined), { error: expected('exactly one of atFrame, atByte'), path: ['atFrame'] })
  .refine((f) => f.kind !== 'delay' || f.ms !== undefined, { error: expected('ms for a delay'), path: ['ms'] })
  .refine((f) => f.kind !== 'end-error' || f.code !== undefined, { error: expected(`a code for an end-error: one of ${endCodes.join(', ')}`), path: ['code'] })
  .refine((f) => f.code === undefined || allowedCodes(f.kind).includes(f.code), {
    error: expected(`a code only for a goaway (NO_ERROR, INTERNAL_ERROR, ENHANCE_YOUR_CALM), an rst (CANCEL, INTERNAL_ERROR; a refused stream is kind: refuse, before any response) or an end-error (${endCodes.join(', ')})`),
    path: ['code'],
  })
  .refine((f) => f.then === undefined || (f.kind === 'goaway' && ((f.code ?? 'NO_ERROR') === 'NO_ERROR' || f.then === 'close')), { error: expected('then only for a goaway, and only close after an error code'), path: ['then'] })
  .refine((f) => f.graceMs === undefined || (f.kind === 'goaway' && (f.then === 'close' || (f.code ?? 'NO_ERROR') !== 'NO_ERROR')), { error: expected('graceMs only for a goaway that closes the connection (then: close, or an error code)'), path: ['graceMs'] })
  .refine((f) => f.kind !== 'refuse' || f.atFrame === 0, { error: expected('atFrame: 0 for a refuse (a refused call is refused before any response)'), path: ['atFrame'] })

/** The most characters a generated reply may hold in all (lines × (lineChars + a number)): a few megabytes of text. */
const maxReplyChars = 4_000_000

const generatedReply = strict(
  {
    seed: integer('an integer from 0 to 4294967295', 0, 2 ** 32 - 1).default(1).describe('The seed of the characters drawn (order: seeded).'),
    lines: integer('a positive integer, at most 500,000', 1, maxReplyChars / 8).describe('How many lines the reply has.'),
    lineChars: integer(`an integer from 0 to ${maxReplyChars.toLocaleString('en-US')}`, 0, maxReplyChars).default(12).describe('How many characters each line holds after its number.'),
    scripts: boundedList(oneOf(replyScriptNames), `a list of scripts (${replyScriptNames.join(', ')})`, scenarioBounds.list)
      .min(1, { error: expected('at least one script') })
      .default(['ascii'])
      .describe('The scripts the characters are drawn from, mixed: ascii, latin, rtl, cjk, emoji, combining, astral, sequences, escapes, markers.'),
    numbered: oneOf(['none', 'plain', 'padded']).default('none').describe('How each line starts: nothing, its number, or its number padded to 3 digits (then a space).'),
    order: oneOf(['seeded', 'cycle']).default('seeded').describe('seeded: each character drawn by the seed; cycle: the scripts’ characters in order, from the first on every line.'),
    cut: strict({ intoCharacter: integer('an integer from 0 to 3', 0, 3).describe('How many bytes into a character the view’s limit falls (0: between two characters).') }, 'a cut: intoCharacter')
      .optional()
      .describe('Where the view’s limit falls in the reply: the reply is lengthened until the view cuts it there, whatever the limit.'),
  },
  'a generated reply: lines (and seed, lineChars, scripts, numbered, order, cut)',
).refine((r) => r.lines * (r.lineChars + 8) <= maxReplyChars, { error: expected(`a reply of at most ${maxReplyChars.toLocaleString('en-US')} characters (lines × (lineChars + 8))`), path: ['lines'] })

const reply = z
  .union([oneOf(replyNames), generatedReply], { error: expected(`a reply name (${replyNames.join(', ')}) or a generated reply { lines, seed, scripts, … }`) })
  .describe('The reply the assistant answers with: a named reply (fixtures/replies), or one generated from its seed and shape (docs/fixtures.md).')

const given = strict(
  {
    reply,
    session: oneOf(['known', 'unknown']).default('known').describe('known: the client watches the session the server serves; unknown: one it does not have (the watch answers not_found).'),
    viewLimitBytes: integer(`a positive integer of bytes, at most ${maxViewLimitBytes}`, 1, maxViewLimitBytes).default(4096).describe('The view’s per-message limit.'),
    viewMessages: integer('a positive integer, at most 1,000', 1, 1_000).default(20).describe('How many of the last messages the view holds.'),
    framesBefore: integer(`a positive integer, at most ${maxFrames}`, 1, maxFrames).default(1).describe('Running frames before the reply appears.'),
    framesAfter: integer(`an integer from 0 to ${maxFrames}`, 0, maxFrames).default(0).describe('Running frames showing the reply before the settling frame.'),
    laterTurns: integer(`an integer from 0 to ${maxFrames}`, 0, maxFrames).default(0).describe('Turns after the reply (each pushes older messages out of the view).'),
    promptsLate: z.boolean({ error: expected('true or false') }).default(false).describe('Whether each later turn’s prompt first shows in the frame after its answer’s (written to the view late), so the messages first appear out of their own order.'),
    reads: boundedList(oneOf(readAnswers), 'a list of read answers', scenarioBounds.list).min(1).default(['ok']).describe('How successive GetSessionMessage calls answer (transient: unavailable, internal, deadline_exceeded, hang; permanent: not_found; the older server: unimplemented); the last repeats.'),
    faults: boundedList(fault, 'a list of faults', scenarioBounds.list).default([]).describe('Faults the server applies to watch calls.'),
    timeoutMs: integer(`a positive integer of milliseconds, at most ${ms}`, 1, ms).default(10_000).describe('The client’s deadline (its --timeout).'),
    tryTimeoutMs: integer(`a positive integer of milliseconds, at most ${ms}`, 1, ms).default(1000).describe('The limit of each try of a whole-message read (the report’s 30 s, scaled).'),
    output: oneOf(['json', 'text']).default('json').describe('The client’s output form.'),
  },
  'a mapping with reply (and viewLimitBytes, reads, faults, timeoutMs…)',
)
  .refine((g) => typeof g.reply === 'string' || !g.reply.cut || g.reply.cut.intoCharacter <= g.viewLimitBytes, {
    error: (issue) => expected('a cut no further into a character than viewLimitBytes (the character starts at or after the first byte)')({ input: (issue.input as { reply: { cut: { intoCharacter: number } } }).reply.cut.intoCharacter }),
    path: ['reply', 'cut', 'intoCharacter'],
  })
  .describe('The session the kit serves, its faults, and the client’s deadlines.')

/** The schema of a scenario for the session-client port (the kit plays the session server). */
export const sessionClientScenarioSchema = strict(
  {
    title: text('a one-line title', oneLine).describe('What the scenario shows, on one line.'),
    reproduces: text('a bug id in kebab-case or like PLAT-200', bugId).optional().describe('The bug this regression replays.'),
    see: text('a link or path to the bug report').optional().describe('A link or path to the report.'),
    port: z.literal('session-client').describe('The port the scenario needs.'),
    given,
    contracts: boundedList(oneOf(contractsOfPort('session-client').map((c) => c.id)), 'a list of contract ids', scenarioBounds.list)
      .min(1, { error: expected('at least one contract id (or no contracts key: every contract its steps exercise)') })
      .optional()
      .describe('The contracts this scenario exercises: each must come back held or broken; absent: every contract its steps exercise. Every contract of the port is judged either way.'),
  },
  'a scenario mapping',
)

/** A scenario for the session-client port. */
export type SessionClientScenario = z.infer<typeof sessionClientScenarioSchema>
