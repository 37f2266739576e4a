import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'

/** The cells whose panel the screenshot opens, in order of preference: the worst failing one's witness, else a held one's evidence. */
const worstFirst = ['broken', 'unknown', 'stale', 'expected-broken', 'held']

/**
 * Opens `<reportsDir>/matrix.html` over file:// in a new page of `browser`, clicks the worst failing cell so its witness shows
 * beside the matrix (with no failing cell, a held one, so its evidence shows), and saves a full-page screenshot as
 * `<reportsDir>/matrix.png`; returns the screenshot's path.
 */
export async function screenshotMatrix(browser: Browser, reportsDir: string): Promise<string> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
  try {
    await page.goto(pathToFileURL(join(resolve(reportsDir), 'matrix.html')).href)
    for (const state of worstFirst) {
      const cell = page.locator(`td.cell[data-state="${state}"] a.open`).first()
      if ((await cell.count()) === 0) continue
      await cell.click()
      await page.locator('.witness:target').waitFor({ state: 'visible' })
      break
    }
    const file = join(resolve(reportsDir), 'matrix.png')
    await page.screenshot({ path: file, fullPage: true })
    return file
  } finally {
    await page.close()
  }
}
