/**
 * The bounds every scenario and profile file is read within, whatever its schema: its size in bytes, how deep its
 * collections nest, and how many aliases it holds (each a walk of the document before it). They keep reading a file
 * fast and small: a scenario nests 6 levels and names no alias; the largest bundled one is under 8 KiB.
 */
export const yamlFileBounds = {
  /** The most bytes a file may hold (1 MiB): its YAML document, kept with its source tokens, stays under ~100 MiB. */
  bytes: 1_048_576,
  /** The most levels collections may nest (the YAML parser recurses per level). */
  depth: 64,
  /** The most aliases (`*name`) a file may hold. */
  aliases: 100,
} as const
