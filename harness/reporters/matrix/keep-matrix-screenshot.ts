import { relative } from 'node:path'
import { matrixBrowser } from '#harness/reporters/matrix/matrix-browser.ts'
import { screenshotMatrix } from '#harness/reporters/matrix/screenshot-matrix.ts'

/** Screenshots a reports folder's matrix.html into matrix.png in real Chromium; says why on stderr, and returns undefined, when it cannot. */
export async function keepMatrixScreenshot(reportsDir: string): Promise<string | undefined> {
  try {
    const lease = await matrixBrowser()
    try {
      const file = await screenshotMatrix(lease.browser, reportsDir)
      console.log(`screenshot: ${relative(process.cwd(), file) || file}`)
      return file
    } finally {
      await lease.release()
    }
  } catch (error) {
    console.error(`contract-kit: no matrix.png: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
    return undefined
  }
}
