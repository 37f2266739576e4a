import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { packageRoot } from '#harness/package/package-root.ts'

/** The kit's runtime modules: every `.ts` under harness/ but the tests, their helpers and the benchmark (none is shipped). */
function runtimeModules(): string[] {
  return (readdirSync(join(packageRoot, 'harness'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split('/').includes('__test-helpers__') && !file.startsWith('bench/'))
    .map((file) => `harness/${file}`)
}

describe('the runtime apart from the bundled systems', () => {
  test('no runtime module imports from fixtures/systems but the one loader of the registry', () => {
    const importers = runtimeModules().filter((file) => /['"]#fixtures\/systems\//.test(readFileSync(join(packageRoot, file), 'utf8')))
    expect(importers).toEqual(['harness/adapters/shipped-systems.ts'])
    const loader = readFileSync(join(packageRoot, 'harness/adapters/shipped-systems.ts'), 'utf8')
    // its only value import is the dynamic one, made when a run names a shipped system
    expect(loader.match(/#fixtures\/systems\/[^'"]+/g)).toEqual(['#fixtures/systems/registry.ts', '#fixtures/systems/registry.ts'])
    expect(loader).toMatch(/^import type \{ SystemRegistry \} from '#fixtures\/systems\/registry\.ts'$/m)
    expect(loader).toContain("await import('#fixtures/systems/registry.ts')")
  })

  test('sees the modules it checks (a scan that finds nothing would pass vacuously)', () => {
    const modules = runtimeModules()
    expect(modules).toContain('harness/cli/main.ts')
    expect(modules).toContain('harness/adapters/shipped-systems.ts')
    expect(modules.length).toBeGreaterThan(200)
  })
})
