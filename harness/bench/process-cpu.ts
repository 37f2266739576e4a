import { fileURLToPath } from 'node:url'

/** The hook a measured `npm test` loads into every Node process (NODE_OPTIONS=--require), and the variable naming its log. */
export const processCpuHook = { file: fileURLToPath(new URL('./process-cpu-hook.cjs', import.meta.url)), logVariable: 'CONTRACT_KIT_PROCESS_LOG' } as const

/** The CPU a kind of Node process spent across a test run: how many ran and their user + system time. */
export interface ProcessKindCpu {
  kind: string
  processes: number
  cpuMs: number
}

/**
 * What kind of process a logged command line is: its script relative to `root` (one elsewhere, such as a bundle in a
 * temporary folder, by its last two parts), with the kit CLI's command and a served system's name kept — `bin/contract-kit.js
 * run`, `…/serve-stdio/serve-stdio.mjs agent-log/reference`, `node_modules/vitest/dist/workers/forks.js`.
 */
export function processKindOf(argv: string, root: string): string {
  const words = argv.split(' ').filter((w) => w !== '')
  const first = words[0] ?? '(none)'
  const script = first.startsWith(`${root}/`) ? first.slice(root.length + 1) : first.startsWith('/') ? `…/${first.split('/').slice(-2).join('/').replace(/^\d+-\d+-/, '')}` : first
  const keepsArgument = /contract-kit\.js$|serve-stdio\.(m?js|ts)$|\/cli\.(mjs|js|ts)$/.test(script)
  return keepsArgument && words[1] ? `${script} ${words[1]}` : script
}

/** The log's lines (one JSON object each, as the hook writes them) summed by kind, the costliest first. */
export function cpuByProcessKind(log: string, root: string): ProcessKindCpu[] {
  const kinds = new Map<string, ProcessKindCpu>()
  for (const line of log.split('\n')) {
    if (line.trim() === '') continue
    let entry: { argv?: unknown; userMs?: unknown; systemMs?: unknown }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch {
      continue // a line cut by a process that died while writing it
    }
    if (typeof entry.argv !== 'string' || typeof entry.userMs !== 'number' || typeof entry.systemMs !== 'number') continue
    const kind = processKindOf(entry.argv, root)
    const sum = kinds.get(kind) ?? { kind, processes: 0, cpuMs: 0 }
    sum.processes += 1
    sum.cpuMs += entry.userMs + entry.systemMs
    kinds.set(kind, sum)
  }
  return [...kinds.values()].sort((a, b) => b.cpuMs - a.cpuMs)
}
