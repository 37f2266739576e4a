// The hand-written test's vitest config: one file, forked workers as the kit's run uses, nothing else.
import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { include: ['*.bench-test.mjs'], pool: 'forks', maxWorkers: 2, cache: false } })
