import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import type { PortName } from '#harness/adapters/adapter.ts'
import { explorers } from '#harness/explore/explorers.ts'
import type { ExploredScenario } from '#harness/explore/port-explorer.ts'
import type { Dimension } from '#harness/rules/edge-dimensions.ts'
import { loadAnalysisRunFixture } from '#fixtures/analysis-run/load-analysis-run-fixture.ts'
import type { AnalysisRunFixture } from '#fixtures/analysis-run/load-analysis-run-fixture.ts'
import { collectionNames, deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'
import { resolveReply } from '#fixtures/replies/resolve-reply.ts'
import type { ReplySpec } from '#fixtures/replies/resolve-reply.ts'
import { longestName, pageTree } from '#fixtures/pages/page-tree.ts'
import type { PageNode, PageSpec } from '#fixtures/pages/page-tree.ts'
import { pageOutput } from '#harness/drivers/tool-output/resolve-cap.ts'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'
import { buildSession, type SessionGiven } from '#harness/drivers/session-client/build-session.ts'

// Each explorer's `varies` is a claim: its scenarios vary those input dimensions. Every claim is proven here, in
// process and without running anything: a fixed-seed sample of the explorer's cases, and a measure written for that
// port and dimension that must take at least two different values across the sample (a case the dimension does not
// apply to measures undefined). A claim with no measure fails. The rule table's `edges` column is checked against
// these claims in harness/rules/rule-edges.test.ts.

/** A measure of one dimension on one case: a label naming where the case stands, or undefined where it does not apply. */
type Measure<P extends PortName> = (scenario: ExploredScenario<P>) => string | undefined

/** What a generated case of each port looks like where the measures read it (scenario-file data). */
type Loose = Record<string, unknown>
const givenOf = (scenario: ExploredScenario): Loose => (scenario as unknown as { given: Loose }).given
const stepsOf = (scenario: ExploredScenario): unknown[] => (scenario as unknown as { steps: unknown[] }).steps

/** The records of a pager case's run, generated once a case (a huge run is about 10 MB). */
const records = new WeakMap<object, ReturnType<typeof loadAnalysisRunFixture>['records']>()
const recordsOf = (scenario: ExploredScenario<'pager'>) =>
  records.get(scenario) ?? records.set(scenario, loadAnalysisRunFixture((scenario as unknown as { fixture: AnalysisRunFixture }).fixture).records).get(scenario)!

/** A session-client case's reply as the scenario resolves it (the written reply leaves the schema's defaults out). */
const replyOf = (scenario: ExploredScenario<'session-client'>) => {
  const given = givenOf(scenarioSchema.parse({ title: 'explored case', ...scenario }) as unknown as ExploredScenario)
  return resolveReply(given.reply as ReplySpec, given.viewLimitBytes as number).text
}

/** The longest a tree nests, in nodes. */
const nesting = (nodes: readonly PageNode[] | undefined): number => (nodes?.length ? 1 + Math.max(...nodes.map((n) => nesting(n.children))) : 0)

/** The agents a list of agent-log steps starts, in order, and whether one is started twice. */
function starts(steps: readonly unknown[]): string[] {
  return steps.flatMap((s) => (typeof s === 'object' && s !== null && 'start' in s ? [(s as { start: { agent: string } }).start.agent] : []))
}

const measures: { [P in PortName]: Partial<Record<Dimension, Measure<P>>> } = {
  pager: {
    // a call's record whose call_id is no string (a number, none) where a string is expected
    type: (s) => (recordsOf(s).some((r) => r.record_type.startsWith('capability-') && typeof r.call_id !== 'string') ? "a call's call_id of another type" : 'every call_id a string'),
    // a second setup: another run set up (and read) before the scenario's own
    repetition: (s) => (givenOf(s).previousFixture === undefined ? 'one setup' : 'a second setup'),
    // a record standing earlier in the array than one of lower seq
    order: (s) => (recordsOf(s).some((r, i, all) => i > 0 && all[i - 1]!.seq > r.seq) ? 'array order differs from seq' : 'array order is seq order'),
    // the pager.setup's records against 64 KiB, the line size many readers stop at
    size: (s) => (Buffer.byteLength(JSON.stringify(recordsOf(s)), 'utf8') > 65_536 ? 'setup past 64 KiB' : 'setup within 64 KiB'),
    // more items in a collection than a page of the most a limit allows (100) holds
    'cap-count': (s) => {
      const records = recordsOf(s)
      return collectionNames.some((c) => deriveCollection(records, c)!.items.length > 100) ? 'a collection past 100 items' : 'every collection within 100 items'
    },
  },
  'session-client': {
    // the messages first appear in an order other than their own (a later turn's prompt shown after its answer)
    order: (s) => {
      const parsed = scenarioSchema.parse({ title: 'explored case', ...s }) as unknown as { given: SessionGiven }
      const seen = [...new Set(buildSession(parsed.given).oracle.views.flat())]
      return seen.some((id, i) => i > 0 && Number(id.slice(2)) < Number(seen[i - 1]!.slice(2))) ? 'first appearance out of the messages’ order' : 'first appearance in the messages’ order'
    },
    // a later call than the first: a fault on the watch call after a reconnect, or a later turn
    repetition: (s) => {
      const g = givenOf(s)
      const again = ((g.faults as Array<{ watch: number }> | undefined) ?? []).some((f) => f.watch > 1) || ((g.laterTurns as number | undefined) ?? 0) > 0
      return again ? 'a second watch call or turn' : 'one watch call'
    },
    // the reply against the 4,096-byte view and 64 KiB
    size: (s) => {
      const bytes = Buffer.byteLength(replyOf(s), 'utf8')
      return bytes > 65_536 ? 'reply past 64 KiB' : bytes > 4096 ? 'reply past 4 KiB' : 'reply within 4 KiB'
    },
    // more failed tries of a read than its 12 (3 a round, 4 rounds) hold; the last answer repeats
    'cap-count': (s) => {
      const reads = (givenOf(s).reads as string[] | undefined) ?? ['ok']
      const failing = reads.at(-1) !== 'ok' ? Infinity : reads.length - 1
      return failing > 12 ? 'more failed tries than 12' : 'at most 12 failed tries'
    },
    // where the first fault falls: which watch call, and before its first frame, at a later frame or inside one (a byte)
    'fault-moment': (s) => {
      const [first] = (givenOf(s).faults as Array<{ watch: number; atFrame?: number }> | undefined) ?? []
      return first && `watch ${first.watch} ${first.atFrame === 0 ? 'before its first frame' : first.atFrame !== undefined ? 'at a later frame' : 'inside a frame'}`
    },
  },
  'tool-output': {
    // the tool run again in the same sandbox
    repetition: (s) => (((givenOf(s).runs as number | undefined) ?? 1) > 1 ? 'run again in the same sandbox' : 'run once'),
    // the output against 64 KiB
    size: (s) => (Buffer.byteLength(pageOutput(givenOf(s).page as PageSpec), 'utf8') > 65_536 ? 'output past 64 KiB' : 'output within 64 KiB'),
    // more lines than one recovery read (240) holds
    'cap-count': (s) => (pageOutput(givenOf(s).page as PageSpec).split('\n').length > 240 ? 'more lines than 240' : 'at most 240 lines'),
  },
  snapshotter: {
    // a further request whose depth is of another JSON type (a string, a boolean, null) where a number is expected
    type: (s) => (((givenOf(s).requests as Array<{ depth?: unknown }> | undefined) ?? []).some((r) => r.depth !== undefined && typeof r.depth !== 'number') ? 'a depth of another type' : 'every depth a number or none'),
    // the snapshotter asked again after the depth characterization (which asks each depth once)
    repetition: (s) => (((givenOf(s).requests as unknown[] | undefined) ?? []).length > 0 ? 'asked again' : 'asked once'),
    // names around Playwright's 900-unit limit, or short
    size: (s) => (longestName(givenOf(s).page as PageSpec) >= 880 ? 'names around 900 units' : 'short names'),
    // a further request whose depth holds fewer levels than the page nests, or one that holds them all
    'cap-count': (s) => {
      const depths = ((givenOf(s).requests as Array<{ depth?: unknown }> | undefined) ?? []).map((r) => r.depth).filter((d): d is number => typeof d === 'number' && d > 0)
      if (depths.length === 0) return undefined
      const levels = nesting(pageTree(givenOf(s).page as PageSpec).roots)
      return depths.some((d) => d < levels) ? 'a depth below the page nesting' : 'every depth holds the page'
    },
  },
  'agent-log': {
    // an agent started twice, a second setup, a reuse or a restart
    repetition: (s) => {
      const steps = stepsOf(s)
      const agents = starts(steps)
      const again = new Set(agents).size < agents.length || steps.some((x) => x === 'reuse' || x === 'restart' || (typeof x === 'object' && x !== null && 'setup' in x))
      return again ? 'done again' : 'done once'
    },
    // agents started in an order other than their ids' order as text
    order: (s) => {
      const agents = [...new Set(starts(stepsOf(s)))]
      if (agents.length < 2) return undefined
      return agents.join('\n') === [...agents].sort().join('\n') ? 'started in id order' : 'started out of id order'
    },
    // the longest field against 64 KiB
    size: (s) => {
      const longest = Math.max(0, ...stepsOf(s).flatMap((x) => (typeof x === 'object' && x !== null && ('start' in x || 'complete' in x) ? Object.values(Object.values(x)[0] as Loose) : [])).map((v) => Buffer.byteLength(String(v), 'utf8')))
      return longest >= 65_536 ? 'a field of 64 KiB or more' : longest > 255 ? 'a field past 255 bytes' : 'fields within 255 bytes'
    },
    // UI activity past the session's UI-event cap
    'cap-count': (s) => {
      const cap = givenOf(s).uiEventCap as number
      return stepsOf(s).some((x) => typeof x === 'object' && x !== null && 'activity' in x && (x as { activity: number }).activity > cap) ? 'activity past the cap' : 'activity within the cap'
    },
    // a kill with an agent started and not completed, or with none
    'fault-moment': (s) => {
      const open = new Set<string>()
      const moments = new Set<string>()
      for (const x of stepsOf(s)) {
        if (x === 'kill') moments.add(open.size > 0 ? 'a kill with an agent running' : 'a kill with none running')
        if (typeof x === 'object' && x !== null && 'start' in x) open.add((x as { start: { agent: string } }).start.agent)
        if (typeof x === 'object' && x !== null && 'complete' in x) open.delete((x as { complete: { agent: string } }).complete.agent)
      }
      return moments.size === 0 ? undefined : [...moments].sort().join(', ')
    },
  },
}

/** How many cases each port's sample holds, and its seed: enough for the rarer draws, quick without running anything (a pager case generates its run). */
const sampleSize = (port: PortName) => ({ numRuns: port === 'pager' ? 60 : 150, seed: 24 })

const claims = (Object.keys(explorers) as PortName[]).flatMap((port) => explorers[port].varies.map((dimension) => [port, dimension] as const))
const samples = new Map<PortName, ExploredScenario[]>()
const sampleOf = (port: PortName) => samples.get(port) ?? samples.set(port, fc.sample(explorers[port].scenarios() as fc.Arbitrary<ExploredScenario>, sampleSize(port))).get(port)!

describe('each explorer varies the dimensions it claims', () => {
  test.for(claims)('%s varies %s', { timeout: 60_000 }, ([port, dimension]) => {
    const measure = (measures[port] as Partial<Record<Dimension, Measure<PortName>>>)[dimension]
    expect(measure, `${port} claims ${dimension} with no measure written for it`).toBeDefined()
    const values = new Map<string, number>()
    for (const scenario of sampleOf(port)) {
      const value = measure!(scenario)
      if (value !== undefined) values.set(value, (values.get(value) ?? 0) + 1)
    }
    console.log(`${port} varies ${dimension}: ${[...values].map(([v, n]) => `${v} (${n})`).join('; ')}`)
    expect(values.size, `${port}'s ${sampleSize(port).numRuns} cases (seed ${sampleSize(port).seed}) take one value of ${dimension}: ${[...values.keys()].join(', ')}`).toBeGreaterThanOrEqual(2)
  })
})
