import { readFileSync } from 'node:fs'
import type { CommandStop } from '#harness/cli/stop-on-signal.ts'
import { join } from 'node:path'
import { createTwoFilesPatch } from 'diff'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import { rebaseline } from '#harness/profiles/rebaseline.ts'
import { rewriteProfileList } from '#harness/profiles/rewrite-profile-list.ts'
import { executePlan } from '#harness/runner/execute-plan.ts'
import { planRun } from '#harness/cli/run-command.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { writeFileAtomic } from '#harness/reporters/write-file-atomic.ts'
import { parseFlags } from '#harness/cli/select-run.ts'
import { decimalFlag } from '#harness/cli/decimal-flag.ts'
import { checkOutDir } from '#harness/cli/check-out-dir.ts'
import { UsageError } from '#harness/cli/usage-error.ts'

/**
 * `contract-kit baseline --profile FILE [--update] [--link URL] [--repeat N]`: runs the profile's scenarios without
 * expectations (N times), works out its known-failing and known-flaky lists from what broke, prints the change as a
 * diff, and with --update writes it.
 */
export async function baselineCommand(args: string[], stop?: CommandStop): Promise<number> {
  const { values } = parseFlags({
    args,
    options: {
      profile: { type: 'string' },
      update: { type: 'boolean', default: false },
      repeat: { type: 'string', default: '1' },
      link: { type: 'string' },
      scenario: { type: 'string', multiple: true },
      'scenario-dir': { type: 'string' },
      out: { type: 'string', default: 'reports/baseline' },
      timeout: { type: 'string' },
    },
    allowPositionals: false,
    strict: true,
  })
  if (values.profile === undefined) throw new UsageError('baseline needs --profile FILE: the profile whose lists to rewrite')
  // the link is written into the profile, whose loader takes only http(s) URLs: refused here, before anything runs
  if (values.link !== undefined && !/^https?:$/.test(URL.canParse(values.link) ? new URL(values.link).protocol : '')) throw new UsageError(`--link: expected the http(s) URL of the issue tracking new failures, got ${JSON.stringify(values.link)}`)
  const repeat = decimalFlag('--repeat', String(values.repeat), { min: 1, max: 10 })
  const profile = loadProfile(values.profile)
  const { plan, suites } = await planRun({ ...values, profile: [values.profile], 'no-expectations': true })
  checkOutDir('--out', values.out)
  stop?.claim(values.out)
  const attempts = []
  for (let i = 1; i <= repeat; i++) {
    if (repeat > 1) console.error(`contract-kit: baseline run ${i} of ${repeat}`)
    attempts.push(await executePlan(plan, { outDir: repeat === 1 ? values.out : join(values.out, `run-${i}`), suites, quiet: true }))
  }
  const results = attempts[attempts.length - 1]!
  const all = await loadScenarios(plan.scenarioDir ?? scenarioRoot)
  const next = rebaseline(profile.spec.knownFailing, attempts, profile.name, all.map((s) => s.id), values.link, profile.spec.knownFlaky)
  const before = readFileSync(profile.file, 'utf8')
  const after = rewriteProfileList(before, next)
  const runs = results.runs.filter((r) => r.adapter === profile.name)
  console.log(`contract-kit: ${profile.name}: ${runs.length} runs without expectations${repeat > 1 ? ` (the last of ${repeat})` : ''}: ${runs.filter((r) => r.verdict === 'held').length} held, ${runs.filter((r) => r.verdict === 'broken').length} broken, ${next.undecided.length} error`)
  for (const id of next.undecided) console.log(`  ${id} ended in error: its entries are kept as they are (see ${values.out}/results.json)`)
  if (after === before) {
    console.log(`${profile.given}: the known-failing list already matches this run (${profile.spec.knownFailing.length} entries)`)
    return 0
  }
  process.stdout.write(createTwoFilesPatch(profile.given, profile.given, before, after, 'before', 'after', { context: 2 }))
  console.log(`known-failing: ${next.added.length} added, ${next.removed.length} removed (stale), ${next.moved.length} moved to known-flaky, ${next.list.length - next.added.length} kept${repeat > 1 ? `; known-flaky: ${next.addedFlaky.length} added (broke in some of ${repeat} runs)` : ''}`)
  const fresh = next.added.length + next.addedFlaky.length
  if (fresh > 0 && values.link === undefined && values.update) {
    throw new UsageError(`${fresh} new entr${fresh === 1 ? 'y needs' : 'ies need'} a link: pass --link URL (the issue tracking ${fresh === 1 ? 'it' : 'them'})`)
  }
  if (!values.update) {
    console.log(`not written: run again with --update${fresh > 0 && values.link === undefined ? ' --link URL' : ''} to write ${profile.given}`)
    return 0
  }
  writeFileAtomic(profile.file, after)
  loadProfile(values.profile) // the rewritten profile must load: a failure here is a kit bug, not the user's
  console.log(`wrote ${profile.given}`)
  return 0
}
