/** The largest limit a read accepts, and what a read without one gets (docs/pager-port.md). */
export const maxLimit = 100

/** One step of a pager scenario as the contracts see it: what it reads, with which limit, and from where. */
export interface StepRead {
  kind: 'read' | 'walk'
  collection: string
  /** The limit asked for; absent: the pager default. */
  limit?: number
  /** Whether the limit is one the pager must accept: absent, or an integer from 1 to 100. */
  validLimit: boolean
  /** Whether it starts at the start of the collection (every walk does; a read without a cursor does). */
  fromStart: boolean
  /** A walk's bound on the pages it reads, when the scenario sets one. */
  maxPages?: number
}

/** The steps of a pager scenario (or of a History, which keeps them as given), each as a StepRead. */
export function stepReads(steps: readonly unknown[]): StepRead[] {
  return steps.flatMap((step): StepRead[] => {
    if (step === null || typeof step !== 'object') return []
    if ('walk' in step) {
      const w = step.walk as { collection: string; limit?: number; maxPages?: number }
      return [{ kind: 'walk', collection: w.collection, ...limitOf(w.limit), fromStart: true, ...(w.maxPages === undefined ? {} : { maxPages: w.maxPages }) }]
    }
    if ('read' in step) {
      const r = step.read as { collection: string; limit?: number; cursor?: string | null }
      return [{ kind: 'read', collection: r.collection, ...limitOf(r.limit), fromStart: r.cursor == null }]
    }
    return []
  })
}

/** Whether a read's limit is one the pager must accept: absent (the default), or an integer from 1 to 100. */
export function isValidLimit(limit: number | undefined): boolean {
  return limit === undefined || (Number.isInteger(limit) && limit >= 1 && limit <= maxLimit)
}

function limitOf(limit: number | undefined): { limit?: number; validLimit: boolean } {
  return { ...(limit === undefined ? {} : { limit }), validLimit: isValidLimit(limit) }
}
