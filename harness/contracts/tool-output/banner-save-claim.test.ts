import { describe, expect, test } from 'vitest'
import { bannerSaveClaim } from '#harness/contracts/tool-output/banner-save-claim.ts'
import { writeBanner } from '#fixtures/systems/tool-output/write-banner.ts'

const marker = '[output cut: showing the first 10 of 20 runes; 10 runes not shown]'
const notKept = 'The rest of the output was not kept: it cannot be read back; run the tool again (with a remedy above) to see it.'

describe('bannerSaveClaim', () => {
  test.for([
    [`${marker}\n${notKept}`],
    [`${marker}\nThe rest of the output was not kept: nothing was saved, nothing written.`],
    [`${marker}\nThe rest of the output was not kept (the spill could not be written; it has not been stored).`],
    [`${marker}\nThe rest of the output was not kept. It wasn't saved anywhere.`],
    [`${marker}\nThe rest of the output was not kept. No copy was saved.`],
    [`${marker}\n- --compact: leaves out unnamed wrappers (lists, generic containers); helps on wide or flat pages.\n- --interactive: keeps only links, buttons and form fields.\n${notKept}`],
    [`${marker}\nRetry with --depth 2 or --compact, or re-run with --full-snapshot to get the whole snapshot.\n${notKept}`],
  ] as const)('no claim: %s', ([banner]) => {
    expect(bannerSaveClaim(banner)).toBeUndefined()
  })
  test('the reference banner where nothing was kept claims nothing', () => {
    const head = '- list:\n  - listitem: a\n  - listitem: b'
    const banner = writeBanner({ unit: 'runes', shown: 10, total: 20, lines: 3, head, remedies: [{ option: 'compact' }, { option: 'interactive' }], recovery: null, guidance: 'why' })
    expect(bannerSaveClaim(banner)).toBeUndefined()
  })
  test.for([
    [`${marker}\n${notKept}\nThe whole output was saved to the tool output folder.`, 'saved to the tool output folder.'],
    [`${marker}\n${notKept} A copy is in the session folder.`, 'A copy is in the session folder.'],
    [`${marker}\n${notKept} Full output written to /tmp/tool-output/snapshot-1.txt`, 'written to /tmp/tool-output/snapshot-1.txt'],
    [`${marker}\n${notKept}\nRead it with: sed -n '1,240p' snapshot.txt`, "sed -n '1,240p' snapshot.txt"],
    [`${marker}\n${notKept} (see /home/agent/.cache/tool/last-output)`, '/home/agent/.cache/tool/last-output'],
    [`${marker}\n${notKept} See file:///tmp/out.txt`, 'file:///tmp/out.txt'],
    [`${marker}\n${notKept} Spilled under ~/outputs/run-3.`, 'Spilled under ~/outputs/run-3.'],
    [`${marker}\n${notKept} It is kept in snapshot.txt.`, 'kept in snapshot.txt.'],
  ] as const)('a claim: %s', ([banner, claim]) => {
    expect(bannerSaveClaim(banner)).toBe(claim)
  })
})
