/** The scales doctor suggests, least first. */
const scales = [1, 2, 4, 8, 16] as const

/** How many start-ups the shortest deadline must hold: start-up may take at most a third of it. */
const startupsPerDeadline = 3

/** The time scale doctor suggests, and whether it is enough (false: even the largest leaves too little time). */
export interface TimeScaleSuggestion {
  scale: (typeof scales)[number]
  enough: boolean
}

/**
 * The least of 1, 2, 4, 8, 16 such that 3 × `startupMs` ≤ `shortestDeadlineMs` × scale: start-up then takes at most
 * a third of the shortest deadline the kit gives. When even 16 is not enough: 16, with `enough: false`.
 */
export function suggestTimeScale(startupMs: number, shortestDeadlineMs: number): TimeScaleSuggestion {
  const scale = scales.find((s) => startupsPerDeadline * startupMs <= shortestDeadlineMs * s)
  return scale === undefined ? { scale: scales[scales.length - 1], enough: false } : { scale, enough: true }
}
