/** A save claim, or undefined: a negated one ("was not saved", "nothing was written") claims nothing. */
const saveWords =
  /(?<!(?:\bnot|\bnever|n't|\bnothing|\bno(?:\s+\w+)?)\s+(?:(?:been|be|was|is|were|are|has|have|had)\s+)*)\b(?:saved|stored|written|wrote|spilled|persisted|(?:kept|available|copied)\s+(?:in|at|to|under|as)\b|(?:a|the)\s+(?:copy|spill(?:\s+file)?)\s+(?:is|was|lives|sits)\b)[^\n]{0,60}/iu
/** A path, file URL or recovery command the agent would go and read. */
const pathWords = /(?:^|[\s'"(=:`])((?:~|\.{1,2})?\/(?:[^\s'"`/]+\/)+[^\s'"`)]*|file:\/\/\S+|\bsed\s+-n\s+\S+\s+\S+|\b(?:cat|head|less|tail)\s+\S*[/.]\S*|\S+\.(?:txt|log|json|out)\b)/iu

/**
 * Where a banner given for an output nothing kept claims it was kept after all — a save word ("saved", "written to",
 * "a copy is…") that no negation comes before, or a path, file URL or read-back command to go and read — the words
 * that claim it (quoted from the banner, up to 80 characters), or undefined (docs/tool-output-port.md, rule
 * tool-output.banner-says-not-kept: the banner MUST NEVER claim the output was saved).
 */
export function bannerSaveClaim(banner: string): string | undefined {
  const word = saveWords.exec(banner)
  if (word) return word[0].slice(0, 80).trimEnd()
  const path = pathWords.exec(banner)
  return path ? path[1]!.slice(0, 80) : undefined
}
