import type { Browser } from 'playwright-core'
import { findChromium } from '#harness/snapshot/find-chromium.ts'
import { sharedChromium } from '#harness/snapshot/shared-chromium.ts'

/**
 * A lease on the kit's headless Chromium (found as the chromium snapshotter finds it, launched once per process) for looking at
 * matrix.html; throws, saying where it looked and how to install one, when there is no Chromium.
 */
export async function matrixBrowser(): Promise<{ browser: Browser; release(): Promise<void> }> {
  const found = findChromium()
  if (!('path' in found)) throw new Error(`no Chromium to open matrix.html with: looked at ${found.looked.join(', ')}; ${found.install}`)
  return sharedChromium.acquire(found.path)
}
