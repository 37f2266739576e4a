/**
 * The reported bugs `contract-kit reproduce` knows, each with the bundled system that reproduces its pre-fix behaviour
 * and the reference that keeps every contract (docs/bugs.md). The cases themselves are not listed here: they are the
 * scenarios whose `reproduces:` field names the bug. Adding a bug is one entry, once its scenarios and systems exist.
 */
export interface BugPair {
  /** The bug id as scenarios and reports write it (`DEP-8516`); a command line may give it in any case. */
  id: string
  /** The bug's title, as docs/bugs.md gives it from the original report. */
  title: string
  /** The adapter name of the pre-fix system: it should break at least one case. */
  preFix: string
  /** The adapter name of the reference: it must hold every case. */
  reference: string
  /**
   * References for the bug's scenarios on a port no pre-fix system offers (characterizations of the world, such as
   * PLAT-200's depth-vs-size measurements on the snapshotter): those cases run against these alone and must hold.
   */
  referenceOnly?: readonly string[]
}

/** Every bug `contract-kit reproduce` knows, in the order docs/bugs.md gives them. */
export const bugPairs: readonly BugPair[] = [
  {
    id: 'analysis-result-budget',
    title: 'Analysis pagination can exceed the capability retained-result limit',
    preFix: 'pager/analysis-result-budget',
    reference: 'pager/reference',
  },
  {
    id: 'DEP-8516',
    title: 'Read a long reply whole, keep a long watch alive',
    preFix: 'session-client/dep-8516',
    reference: 'session-client/reference',
  },
  {
    id: 'PLAT-200',
    title: 'Oversized agent_browser snapshots were silently discarded, and --depth was offered as an equal remedy on wide flat pages',
    preFix: 'tool-output/plat-200',
    reference: 'tool-output/reference',
    // The depth characterization (depth is a no-op on a wide flat page) is the report's first claim; the kit's own
    // snapshotter shows it, and the tool-output cases depend on it.
    referenceOnly: ['snapshotter/built-in'],
  },
  {
    id: 'PLAT-114',
    title: 'Background agents have no durable execution record',
    // Agent logs run only as processes, so the kit can kill and restart them.
    preFix: 'agent-log/plat-114@stdio',
    reference: 'agent-log/reference@stdio',
  },
]
