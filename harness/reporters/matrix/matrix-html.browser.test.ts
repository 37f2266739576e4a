import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunResults } from '#harness/reporters/run-results.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import { matrixHtml } from '#harness/reporters/matrix/matrix-html.ts'
import { matrixBrowser } from '#harness/reporters/matrix/matrix-browser.ts'
import { screenshotMatrix } from '#harness/reporters/matrix/screenshot-matrix.ts'
import { runKit } from '#harness/__test-helpers__/run-kit.ts'

// The matrix in real Chromium (Debian's, found as the chromium snapshotter finds it; CI installs it). Without one, the
// hooks throw, saying where they looked and how to install one: these tests fail, they are never skipped.

const reference = 'pager/reference'
const prefix = 'pager/analysis-result-budget'
const fits = 'size/page-fits-ceilings'
const run = 120_000

/**
 * Replays the bug against the reference and the pre-fix pager as a user would (`contract-kit run …` in a process of its own:
 * a vitest run nested in this test's worker would inherit its environment and leave exit code 1 behind in it).
 */
async function kitRun(out: string): Promise<number> {
  const args = ['run', '--adapter', reference, '--adapter', prefix, '--scenario', 'regressions/analysis-result-budget/**', '--no-expectations', '--out', out]
  const exit = await runKit(args, { timeoutMs: run - 10_000 })
  if (!existsSync(join(out, 'results.json'))) throw new Error(`contract-kit ${args.join(' ')} wrote no results.json\n${exit.stdout}\n${exit.stderr}`)
  return exit.code
}

let tmp: string
let reports: string
let results: RunResults
let lease: Awaited<ReturnType<typeof matrixBrowser>> | undefined
let page: Page
const problems: string[] = []

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'contract-kit-matrix-'))
  reports = join(tmp, 'reports')
  let code: number
  ;[lease, code] = await Promise.all([matrixBrowser(), kitRun(reports)])
  expect(code).toBe(1) // the pre-fix pager breaks its contracts
  results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as RunResults
  page = await lease.browser.newPage({ viewport: { width: 1600, height: 1000 } })
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()) }) // a blocked load or script would say so here
  page.on('pageerror', (e) => problems.push(e.message))
  await page.goto(pathToFileURL(join(reports, 'matrix.html')).href)
}, run)

afterAll(async () => {
  await page?.close()
  await lease?.release()
  if (tmp) await rm(tmp, { recursive: true, force: true })
})

const cell = (adapter: string, contract: string) => page.locator(`td.cell[data-adapter="${adapter}"][data-contract="${contract}"]`)
const runsOf = (adapter: string) => results.runs.filter((r) => r.adapter === adapter && r.contracts.some((c) => c.id === fits))

describe('matrix.html in Chromium, from a real run of the analysis result budget bug', () => {
  it('the run wrote matrix.html beside the other reports', () => {
    expect(existsSync(join(reports, 'matrix.html'))).toBe(true)
    expect(readFileSync(join(reports, 'matrix.html'), 'utf8')).toBe(matrixHtml(results))
  })

  it('shows the reference pager holding size/page-fits-ceilings in every run', async () => {
    const runs = runsOf(reference).length
    expect(runs).toBeGreaterThan(0)
    expect(await cell(reference, fits).getAttribute('data-state')).toBe('held')
    expect(await cell(reference, fits).locator('.tally').innerText()).toBe(`${runs}/${runs} held`)
    expect(await page.locator('tr[data-adapter]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-adapter')))).toEqual([prefix, reference])
  })

  it('shows the pre-fix pager breaking it, the bar drawing 922,232 against 262,144 retained bytes, red past the ceiling', async () => {
    const broken = cell(prefix, fits)
    expect(await broken.getAttribute('data-state')).toBe('broken')
    const failing = runsOf(prefix).filter((r) => r.contracts.find((c) => c.id === fits)?.verdict === 'broken').length
    expect(await broken.locator('.more').first().innerText()).toBe(`${failing} broken`)
    const gauge = broken.locator('.gauge')
    expect(await gauge.locator('.gauge-text').innerText()).toBe('922,232 / 262,144 retained-bytes')
    expect(await gauge.getAttribute('class')).toBe('gauge over')
    const fill = gauge.locator('.fill')
    const [bar, filled, ceiling] = await Promise.all([gauge.locator('.bar'), fill, gauge.locator('.ceiling')].map((l) => l.boundingBox()))
    expect(filled!.width / bar!.width).toBeGreaterThan(0.95)
    expect((ceiling!.x + ceiling!.width / 2 - bar!.x) / bar!.width).toBeCloseTo(262144 / 922232, 1)
    expect(await fill.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(207, 34, 46)')
  })

  it('clicking the failing cell opens its witness: the measure, the value, the ceiling and the Reproduce line', async () => {
    const link = cell(prefix, fits).locator('a.open')
    const anchor = (await link.getAttribute('href'))!.slice(1)
    const witness = page.locator(`section.witness[id="${anchor}"]`)
    expect(await witness.isVisible()).toBe(false)
    await link.click()
    await witness.waitFor({ state: 'visible' })
    expect(await page.evaluate(() => location.hash)).toBe(`#${anchor}`)
    const text = await witness.innerText()
    expect(text).toContain('"measure": "retained-bytes"')
    expect(text).toContain('"value": 922232')
    expect(text).toContain('"max": 262144')
    const first = results.runs.find((r) => r.adapter === prefix && r.scenario === 'regressions/analysis-result-budget/default-read')!
    expect(text).toContain(`Reproduce with: ${first.reproduce}`)
    expect(text).toContain('run verdict: broken')
    const box = (await witness.boundingBox())!
    expect(box.y).toBeLessThan(1000) // in view beside the matrix, not somewhere below it
    expect(await page.locator('section.witness:visible').count()).toBe(1)
  })

  it("the cell's History link and the witness's point at History files that exist in the report folder", async () => {
    const hrefs = [await cell(prefix, fits).locator('a.history').getAttribute('href'), ...(await page.locator('section.witness:visible a.history').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))]
    expect(hrefs.length).toBeGreaterThan(1)
    for (const href of hrefs) {
      expect(href).toMatch(/^histories\//)
      const file = resolve(reports, decodeURIComponent(href!))
      expect(existsSync(file), file).toBe(true)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ adapter: prefix })
    }
    expect(problems).toEqual([])
  })

  it('clicking a held cell opens its evidence: each run’s evidence line and figures, as a broken cell opens its witness', async () => {
    const link = cell(reference, fits).locator('a.open')
    const anchor = (await link.getAttribute('href'))!.slice(1)
    const panel = page.locator(`section.witness[id="${anchor}"]`)
    expect(await panel.isVisible()).toBe(false)
    await link.click()
    await panel.waitFor({ state: 'visible' })
    expect(await page.locator('section.witness:visible').count()).toBe(1)
    const runs = runsOf(reference)
    expect(await panel.locator('article.run.s-held').count()).toBe(runs.length)
    for (const run of runs) {
      const outcome = run.contracts.find((c) => c.id === fits)!
      if (outcome.verdict !== 'held') throw new Error(`${fits} did not hold on ${run.scenario}: ${outcome.verdict}`)
      const article = panel.locator(`article[data-scenario="${run.scenario}"]`)
      expect(await article.locator('.evidence').innerText()).toBe(outcome.evidence)
      expect(JSON.parse(await article.locator('.figures-json').innerText())).toEqual(outcome.figures)
      expect(outcome.evidence).toMatch(/\d/) // a count, a measure: what was observed
    }
    expect(await panel.locator('pre.witness-json').count()).toBe(0)
    expect((await panel.boundingBox())!.y).toBeLessThan(1000)
  })

  it('counts every cell from results.json: held of the runs that judged it, not-applicable runs apart, a cell of n/a runs only as n/a', async () => {
    const cells = await page.locator('td.cell').evaluateAll((tds) =>
      tds.map((td) => ({ adapter: td.getAttribute('data-adapter')!, contract: td.getAttribute('data-contract')!, state: td.getAttribute('data-state')!, text: (td as HTMLElement).innerText })),
    )
    expect(cells.length).toBeGreaterThan(0)
    for (const c of cells) {
      const outcomes = results.runs.filter((r) => r.adapter === c.adapter).flatMap((r) => r.contracts.filter((o) => o.id === c.contract))
      const na = outcomes.filter((o) => o.verdict === 'not-applicable').length
      const heldRuns = outcomes.filter((o) => o.verdict === 'held').length
      if (na === outcomes.length) {
        expect(c.text, `${c.adapter} × ${c.contract}`).toMatch(/^n\/a\n/)
        expect(c.state).not.toBe('held')
      } else {
        expect(c.text, `${c.adapter} × ${c.contract}`).toMatch(new RegExp(`^${heldRuns}/${outcomes.length - na} held`))
        if (na > 0) expect(c.text).toContain(`${na} n/a`)
      }
    }
  })

  it('keeps a screenshot, matrix.png, in the run’s reports folder', async () => {
    const file = await screenshotMatrix(lease!.browser, reports)
    expect(file).toBe(join(reports, 'matrix.png'))
    const png = readFileSync(file)
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    expect(png.length).toBeGreaterThan(20_000)
  })
})

describe('matrix.html in Chromium, with a contract that had nothing to judge', () => {
  it('shows a cell whose every run was not-applicable as n/a, hatched, not green, and opens why', async () => {
    const walk = 'recovery/cursor-exactly-once'
    const evidence = '2 pages measured, the largest 1,200 of 262,144 retained-bytes'
    const runOf = (scenario: string, contracts: ContractOutcome[]): RunOutcome => ({
      scenario,
      adapter: reference,
      port: 'pager',
      system: null,
      verdict: 'held',
      exercises: [fits],
      contracts,
      stale: [],
      reproduce: `npx contract-kit run --adapter ${reference} --scenario ${scenario}`,
    })
    const heldFits: ContractOutcome = { id: fits, exercised: true, verdict: 'held', evidence, figures: { pages: 2, largest: 1200, max: 262144 } }
    const noWalk: ContractOutcome = { id: walk, exercised: false, verdict: 'not-applicable', reason: 'the scenario makes no walk' }
    const file = join(tmp, 'not-applicable.html')
    await writeFile(file, matrixHtml(runResults([runOf('s/a', [heldFits, noWalk]), runOf('s/b', [heldFits, noWalk])], [], () => 'histories/x.json')))
    const naPage = await lease!.browser.newPage({ viewport: { width: 1600, height: 1000 } })
    try {
      await naPage.goto(pathToFileURL(file).href)
      const na = naPage.locator(`td.cell[data-contract="${walk}"]`)
      expect(await na.getAttribute('data-state')).toBe('not-applicable')
      expect(await na.locator('.tally').innerText()).toBe('n/a')
      expect(await na.locator('.more').innerText()).toBe('2 runs, nothing to judge')
      const style = await na.evaluate((td) => ({ border: getComputedStyle(td).borderTopStyle, background: getComputedStyle(td).backgroundImage }))
      expect(style).toEqual({ border: 'dashed', background: expect.stringContaining('repeating-linear-gradient') })
      const green = await naPage.locator(`td.cell[data-contract="${fits}"]`).evaluate((td) => getComputedStyle(td).backgroundColor)
      expect(await na.evaluate((td) => getComputedStyle(td).backgroundColor)).not.toBe(green)
      await na.locator('a.open').click()
      const panel = naPage.locator('section.witness:target')
      await panel.waitFor({ state: 'visible' })
      expect(await panel.locator('ul.na-runs li').allInnerTexts()).toEqual(['s/a: the scenario makes no walk', 's/b: the scenario makes no walk'])
      expect(await panel.locator('article').count()).toBe(0)
      expect(await naPage.locator('.legend li[data-state="not-applicable"]').innerText()).toMatch(/^not-applicable \(n\/a\): not applicable in every run/)
      await naPage.locator(`td.cell[data-contract="${fits}"] a.open`).click()
      expect(await naPage.locator('section.witness:target .evidence').allInnerTexts()).toEqual([evidence, evidence])
    } finally {
      await naPage.close()
    }
  })
})

describe('matrix.html in Chromium, with a hostile witness', () => {
  it('shows what an implementation printed as text: no element, no script runs', async () => {
    const hostile = `</script><script>document.title='pwned'</script><img src=x onerror="document.title='pwned'">`
    const outcome = { scenario: 's', adapter: `stdio:${hostile}`, port: 'pager', system: null, verdict: 'broken' as const, exercises: [fits], stale: [], reproduce: hostile }
    const contracts: ContractOutcome[] = [{ id: fits, exercised: true, verdict: 'broken', message: hostile, witness: { printed: hostile, measure: 'retained-bytes', value: 2, max: 1 } }]
    const file = join(tmp, 'hostile.html')
    await writeFile(file, matrixHtml(runResults([{ ...outcome, contracts }], [hostile], () => 'histories/x.json')))
    const hostilePage = await lease!.browser.newPage()
    try {
      await hostilePage.goto(pathToFileURL(file).href)
      await hostilePage.locator('td.cell a.open').click()
      const witness = hostilePage.locator('section.witness:target')
      await witness.waitFor({ state: 'visible' })
      expect(await witness.locator('.message').innerText()).toBe(hostile)
      expect(await hostilePage.title()).toBe('contract-kit matrix: FAILED')
      expect(await hostilePage.locator('img, script, iframe').count()).toBe(0)
    } finally {
      await hostilePage.close()
    }
  })
})
