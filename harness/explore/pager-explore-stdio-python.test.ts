import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { pythonInterpreter } from '#harness/__test-helpers__/python-interpreter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { pagerExploreBudget } from '#harness/explore/pager-explore-budget.ts'

// The other way of pager-explore-stdio.test.ts, in a second language: the Python pager (examples/python, standard
// library only) survives the budget that finds every stdio program, with nothing found — one process for its 100
// cases, whose pages (up to megabytes) it measures itself and writes on a real pipe. The interpreter `python3` names is
// started by its own path, once found (a version manager's shim on PATH is a script of its own).

const { seed, runs } = pagerExploreBudget
const python = fileURLToPath(new URL('../../examples/python/contract_kit_reference.py', import.meta.url))

describe('explore on the pager port, over stdio', () => {
  test('the Python pager survives the same budget: nothing found', { timeout: 60_000 }, async () => {
    const exploration = await explorePort({ adapter: createStdioAdapter({ name: `stdio:python3 ${python}`, command: [pythonInterpreter(), python] }), port: 'pager', runs, seed })
    expect(exploration.found?.outcome.error?.message ?? exploration.found?.outcome.contracts.filter((c) => c.verdict !== 'held')).toBeUndefined()
  })
})
