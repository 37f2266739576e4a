// A setup file of the contract runs the CLI starts (contracts-vitest-options.ts), loaded in every vitest worker.
//
// vitest stops a worker with SIGTERM, and a Ctrl-C in a terminal sends SIGINT to the worker too: a signal ends a Node
// process without its 'exit' hooks, and those are what end the implementations it started (in process groups of their
// own, harness/adapters/stdio/process-tree.ts), its browser, and remove its bundles. So on a signal the worker runs its
// exit hooks first, then ends by the same signal, as vitest expects.

const installed = Symbol.for('contract-kit.worker-signals')
const state = globalThis as { [installed]?: true }

if (!state[installed]) {
  state[installed] = true
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      try {
        process.emit('exit', 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1))
      } finally {
        process.kill(process.pid, signal) // no listener left for it: ends the worker by the signal
      }
    })
  }
}

export {}
