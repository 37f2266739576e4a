import fc from 'fast-check'
import { RecordWriter } from '#fixtures/analysis-run/record-writer.ts'
import type { Ceiling, RunRecord } from '#harness/ports/pager-port.ts'
import type { PagerStep } from '#harness/scenario/scenario-schema.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'
import { createPrng } from '#fixtures/analysis-run/prng.ts'
import type { Prng } from '#fixtures/analysis-run/prng.ts'
import { withDerivationEdges } from '#fixtures/analysis-run/derivation-edges.ts'
import { caseExtras, refusedReadSteps } from '#harness/arbitraries/pager-case-extras.ts'
import { ceilingDraw, ceilingMax } from '#harness/explore/pager-ceiling-draw.ts'
import type { CeilingDraw } from '#harness/explore/pager-ceiling-draw.ts'

/**
 * One generated pager case: a small synthetic run (sometimes with derivation edge cases), a `json-bytes` (or text
 * measure) and a `retained-bytes` ceiling drawn relative to its items, the steps to replay, and sometimes a run the
 * pager is set up with first.
 */
export interface PagerCase {
  records: RunRecord[]
  ceilings: Ceiling[]
  steps: PagerStep[]
  /** A run the pager is set up with, and reads, before `records` replace it. */
  previous?: RunRecord[]
}

// ── What is drawn: sizes as small integers, and a seed (never shrunk) that spells out the text and keys. Records and
// ceilings are built from the draw by `map`, so every shrunk draw is still a valid case, and shrinking takes few steps.

interface MessageDraw {
  role: string
  /** Characters of content (about one in nine of them non-ASCII or escaped in JSON). */
  length: number
  /** Nested small maps in the metadata, and keys in each: what makes retained bytes outgrow JSON bytes. */
  maps: number
  keys: number
  seed: number
}

interface ExchangeDraw {
  model: string
  messages: MessageDraw[]
  reply: MessageDraw
  inputTokens: number
  outputTokens: number
}

interface RunDraw {
  preludes: number[]
  turns: Array<{ exchange: ExchangeDraw | null; tools: Array<{ tool: string; isError: boolean; seed: number }> }>
  /** Whether the run ends inside an `llm-request` call (an input with no output, which the collection skips). */
  cutShort: boolean
}

interface StepsDraw {
  walkLimit: number
  readLimit: number | undefined
  readFirst: boolean
}

const collection = 'model-exchanges'
const ascii = [...'abcdefghijklmnopqrstuvwxyz  .,:0123456789']
const unusual = ['é', 'ü', '—', '→', '中', '🔎', '✅', '"', '\\', '\n']
const keys = ['trace', 'span', 'tags', 'cost', 'phase', 'lang', 'région', 'file', 'line', 'score', 'cached', 'refs', 'micros', 'ok']
const textSeed = fc.noShrink(fc.nat())

/**
 * How an exchange's messages are drawn, so JSON bytes and retained bytes vary independently: `wordy` (long content,
 * past 64 bytes a reference-counted binary, and light metadata), `mappy` (short content, map-heavy metadata), `mixed`.
 */
const messageStyles = {
  wordy: { length: fc.integer({ min: 50, max: 140 }), maps: fc.constant(0), keys: fc.nat(1) },
  mappy: { length: fc.nat(16), maps: fc.integer({ min: 1, max: 4 }), keys: fc.integer({ min: 1, max: 3 }) },
  mixed: { length: fc.oneof({ arbitrary: fc.nat(40), weight: 3 }, { arbitrary: fc.nat(120), weight: 1 }), maps: fc.nat(2), keys: fc.nat(3) },
}

const exchangeOf = (style: (typeof messageStyles)[keyof typeof messageStyles]): fc.Arbitrary<ExchangeDraw> => {
  const message = (role: fc.Arbitrary<string>) => fc.record({ role, ...style, seed: textSeed })
  return fc.record({
    model: fc.constantFrom('reasoner-large-2', 'mini', 'modèle-β'),
    messages: fc.array(message(fc.constantFrom('user', 'assistant', 'tool')), { maxLength: 3 }),
    reply: message(fc.constant('assistant')),
    inputTokens: fc.nat(5000),
    outputTokens: fc.nat(800),
  })
}

const exchange = fc.oneof(exchangeOf(messageStyles.mixed), exchangeOf(messageStyles.wordy), exchangeOf(messageStyles.mappy))
const toolCall = fc.record({ tool: fc.constantFrom('query_logs', 'get_trace', 'read_metric'), isError: fc.boolean(), seed: textSeed })

const run: fc.Arbitrary<RunDraw> = fc.record({
  preludes: fc.array(textSeed, { maxLength: 2 }),
  turns: fc.array(fc.record({ exchange: fc.option(exchange, { freq: 6, nil: null }), tools: fc.array(toolCall, { maxLength: 1 }) }), { maxLength: 14, size: 'max' }),
  cutShort: fc.boolean(),
})

/** A limit from 1 to 100, mostly small so walks take several pages. */
const validLimit = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 4 }), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 100 }), weight: 1 })

const steps: fc.Arbitrary<StepsDraw> = fc.record({
  walkLimit: validLimit,
  readLimit: fc.oneof(
    { arbitrary: validLimit, weight: 6 },
    { arbitrary: fc.constantFrom(0, 101, -3), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  ),
  readFirst: fc.boolean(),
})

/**
 * A random pager case: a synthetic run of 0–14 `llm-request` exchanges (plus tool calls, MCP pairs and sources) with
 * random message counts, content (non-ASCII included) and map-heavy metadata, in two cases of three with some of the
 * derivation edge cases of docs/fixtures.md; a `json-bytes` (in a quarter of the cases a text measure) and a
 * `retained-bytes` ceiling each placed relative to the sizes of the run's pages (between the smallest one-item page
 * and the whole collection, below the largest item, around a page boundary, roomy, or below every item); a `walk` of
 * `model-exchanges` and a `read` from the start, whose limit is sometimes invalid, and often a read with a cursor no
 * pager hands out and one of a collection that does not exist; in a fifth of the cases another run set up first.
 */
export function pagerCase(): fc.Arbitrary<PagerCase> {
  return fc.record({ run, json: ceilingDraw, retained: ceilingDraw, steps, extras: caseExtras, previousRun: run }).map((draw) => {
    const plain = recordsOf(draw.run)
    const records = draw.extras.edges.length > 0 ? withDerivationEdges(plain, draw.extras.edges) : plain
    const items = deriveCollection(records, collection)!.items
    return {
      records,
      ceilings: [ceilingOf(draw.extras.firstMeasure, draw.json, items), ceilingOf('retained-bytes', draw.retained, items)],
      steps: [...stepsOf(draw.steps), ...refusedReadSteps(draw.extras.refusedReads, collection, items.length)],
      ...(draw.extras.previous ? { previous: recordsOf(draw.previousRun) } : {}),
    }
  })
}

function recordsOf(draw: RunDraw): RunRecord[] {
  const writer = new RecordWriter()
  const push = writer.push.bind(writer)
  const capabilityId = () => writer.nextCapabilityId()
  draw.preludes.forEach((s) => push('prelude-source', { source: `(def p ${JSON.stringify(textOf(createPrng(s), 20))})` }))
  draw.turns.forEach(({ exchange, tools }, t) => {
    push('evaluation-source', { turn: t + 1, source: `(llm-request {:turn ${t + 1}})` })
    if (exchange) {
      const id = capabilityId()
      const { model, inputTokens, outputTokens } = exchange
      push('capability-input', { name: 'llm-request', args: { model, messages: exchange.messages.map(messageOf) } }, id)
      const usage = { input_tokens: inputTokens, output_tokens: outputTokens, total_tokens: inputTokens + outputTokens }
      push('capability-output', { name: 'llm-request', result: { message: messageOf(exchange.reply), usage } }, id)
    }
    for (const call of tools) {
      const id = capabilityId()
      const mcp = writer.nextMcpId()
      const prng = createPrng(call.seed)
      const query = textOf(prng, prng.int(0, 20))
      const text = textOf(prng, prng.int(0, 30))
      push('capability-input', { name: 'mcp-call', args: { server: 'observability', tool: call.tool, arguments: { query } } }, id)
      push('mcp-request', { method: 'tools/call', params: { name: call.tool, arguments: { query } } }, mcp)
      push('mcp-response', { result: { content: [{ type: 'text', text }], isError: call.isError } }, mcp)
      push('capability-output', { name: 'mcp-call', result: { content: [{ type: 'text', text }], isError: call.isError, turn: t + 1 } }, id)
    }
  })
  if (draw.cutShort) push('capability-input', { name: 'llm-request', args: { model: 'mini', messages: [] } }, capabilityId())
  return writer.records
}

/** A message spelled out from its draw: `{ role, content, metadata: { turn, tokens, …leaves, …small maps } }`. */
function messageOf({ role, length, maps, keys: keyCount, seed }: MessageDraw): Record<string, unknown> {
  const prng = createPrng(seed)
  const content = textOf(prng, length)
  const metadata: Record<string, unknown> = { turn: prng.int(0, 20), tokens: prng.int(0, 500) }
  const mapOf = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, k) => [`${prng.pick(keys)}${k}`, leafOf(prng)]))
  Object.assign(metadata, mapOf(keyCount))
  for (let m = 0; m < maps; m++) metadata[`${prng.pick(keys)}-${m}`] = mapOf(keyCount)
  return { role, content, metadata }
}

function leafOf(prng: Prng): unknown {
  const kind = prng.int(0, 3)
  return kind === 0 ? prng.int(-1000, 100_000) : kind === 1 ? prng.int(0, 1) === 1 : kind === 2 ? null : textOf(prng, prng.int(0, 12))
}

/** `length` characters, about one in nine of them non-ASCII (accents, dashes, CJK, astral emoji) or escaped in JSON. */
function textOf(prng: Prng, length: number): string {
  let text = ''
  for (let i = 0; i < length; i++) text += prng.int(0, 8) === 0 ? prng.pick(unusual) : prng.pick(ascii)
  return text
}

/** The `max` of one ceiling, placed among the sizes of pages `{ items, cursor: null }` of the run's items. */
function ceilingOf(name: MeasureName, draw: CeilingDraw, items: unknown[]): Ceiling {
  return { measure: name, max: Math.max(1, ceilingMax(name, draw, items)) }
}

function stepsOf({ walkLimit, readLimit, readFirst }: StepsDraw): PagerStep[] {
  const walk: PagerStep = { walk: { collection, limit: walkLimit } }
  const read: PagerStep = { read: { collection, ...(readLimit === undefined ? {} : { limit: readLimit }), cursor: null } }
  return readFirst ? [read, walk] : [walk, read]
}
