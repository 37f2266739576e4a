import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { SnapshotterPort } from '#harness/ports/snapshotter-port.ts'
import { createBuiltInSnapshotter } from '#harness/snapshot/built-in.ts'
import { createChromiumSnapshotter, findChromium } from '#harness/snapshot/chromium.ts'

let chromium: (SnapshotterPort & { close(): Promise<void> }) | undefined

/**
 * The snapshotter the kit itself uses to make a tool's output and to measure each remedy: the built-in one, or real
 * Chromium — one browser per process, launched on first use. No Chromium found is `untestable`, saying where the kit
 * looked and how to install it.
 */
export function kitSnapshotter(name: 'built-in' | 'chromium'): SnapshotterPort {
  if (name === 'built-in') return createBuiltInSnapshotter()
  const found = findChromium()
  if (!('path' in found)) throw new AdapterError('untestable', `no Chromium found (looked at ${found.looked.join(', ')}); ${found.install}`)
  if (!chromium) chromium = createChromiumSnapshotter()
  return chromium
}

/** Closes the kit's browser, if it started one. */
export async function closeKitSnapshotter(): Promise<void> {
  const browser = chromium
  chromium = undefined
  await browser?.close()
}
