import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { resolveInGrant } from '#harness/recovery/resolve-in-grant.ts'
import { makeGrant, type Grant } from '#fixtures/systems/tool-output/__test-helpers__/make-grant.ts'

let grant: Grant
beforeEach(() => {
  grant = makeGrant()
  writeFileSync(join(grant.folder, 'snapshot.txt'), 'x\n')
  mkdirSync(join(grant.folder, 'sub'))
  writeFileSync(join(grant.folder, 'sub', 'deeper.txt'), 'y\n')
})
afterEach(() => grant.remove())

describe('resolveInGrant', () => {
  test('resolves absolute and relative paths inside the folder to their real path', async () => {
    const real = join(grant.folder, 'snapshot.txt')
    expect(await resolveInGrant(real, grant.folder)).toEqual({ ok: true, path: real })
    expect(await resolveInGrant('snapshot.txt', grant.folder)).toEqual({ ok: true, path: real })
    expect(await resolveInGrant('sub/deeper.txt', grant.folder)).toEqual({ ok: true, path: join(grant.folder, 'sub', 'deeper.txt') })
  })

  test('a symlink inside pointing inside is followed; one pointing outside is refused', async () => {
    symlinkSync('snapshot.txt', join(grant.folder, 'alias.txt'))
    symlinkSync(grant.decoy, join(grant.folder, 'out.txt'))
    symlinkSync(join(grant.root, 'outside'), join(grant.folder, 'outdir'))
    expect(await resolveInGrant('alias.txt', grant.folder)).toEqual({ ok: true, path: join(grant.folder, 'snapshot.txt') })
    expect(await resolveInGrant('out.txt', grant.folder)).toMatchObject({ ok: false, finding: { kind: 'refused', quoted: 'out.txt' } })
    expect(await resolveInGrant(join(grant.folder, 'outdir', 'decoy.txt'), grant.folder)).toMatchObject({ ok: false })
  })

  test.for(['../outside/decoy.txt', 'sub/../snapshot.txt', '/etc/passwd', '', 'missing.txt'])('refuses %j with a finding quoting it', async (path) => {
    expect(await resolveInGrant(path, grant.folder)).toMatchObject({ ok: false, finding: { kind: 'refused', quoted: path } })
  })

  test('the folder itself is not a file inside it', async () => {
    expect(await resolveInGrant(grant.folder, grant.folder)).toMatchObject({ ok: false })
  })
})
