import type { ExpectedAgent } from '#harness/contracts/agent-log/agent-log-plan.ts'

/**
 * A value per agent, kept by the agent's dense index (`ExpectedAgent.index`) and listed in the order agents were first
 * added: what a map by agent id keeps, without hashing an id per read — a run of thousands of agents reads one row per
 * agent per check, and a map that large is most of a contract's time.
 */
export class ByAgent<T> {
  private readonly slots: Int32Array
  /** The values, in the order their agents were added. */
  readonly values: T[] = []

  /** A table for the agents of a plan (`agents`: how many it records; every index is below it). */
  constructor(agents: number) {
    this.slots = new Int32Array(agents)
  }

  /** The value of an agent, or undefined before one is added. */
  get(agent: Pick<ExpectedAgent, 'index'>): T | undefined {
    const slot = this.slots[agent.index]
    return slot === undefined || slot === 0 ? undefined : this.values[slot - 1]
  }

  /** Adds the value of an agent that has none yet. */
  add(agent: Pick<ExpectedAgent, 'index'>, value: T): void {
    if (!(agent.index >= 0 && agent.index < this.slots.length)) throw new RangeError(`ByAgent: agent index ${agent.index} is not below the plan's ${this.slots.length} agents`)
    this.values.push(value)
    this.slots[agent.index] = this.values.length
  }
}
