/**
 * The input dimensions a rule's edges lie along (issue 24): `type` (values of other JSON types where a number or
 * string is expected), `repetition` (the same thing done twice: a second setup, a second call, a reconnect after
 * something was done), `order` (orders that differ: array order against seq, start order against id order), `size`
 * (sizes past common buffer sizes and past every cap), `cap-count` (more of a thing than a cap holds) and
 * `fault-moment` (a fault at different moments the rule names).
 */
export const edgeDimensions = ['type', 'repetition', 'order', 'size', 'cap-count', 'fault-moment'] as const

/** One input dimension of a rule's edges. */
export type Dimension = (typeof edgeDimensions)[number]
