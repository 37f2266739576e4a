/** The name of the contract suite that holds every timing-bound run, run alone and one at a time, after every other suite. */
export const timingBoundSuite = 'timing-bound'
