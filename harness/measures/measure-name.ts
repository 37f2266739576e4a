/** The names of the size measures the kit knows, as written in scenario files and reports. */
export const measureNames = ['utf8-bytes', 'runes', 'utf16-units', 'json-bytes', 'retained-bytes'] as const

/** One of the kit's size measures. */
export type MeasureName = (typeof measureNames)[number]
