/** A message as the bounded view shows it: the text (cut, with its marker) and how many bytes were left out (0 when whole). */
export interface ViewText {
  text: string
  truncatedBytes: number
}

/** The marker a cut message ends with, naming exactly how many bytes of the whole text are not shown. */
export function truncationMarker(bytes: number): string {
  return `[${bytes} bytes truncated]`
}

/**
 * Cuts a text to the view's per-message limit: the longest prefix of at most `limitBytes` UTF-8 bytes that ends on a
 * character boundary (never inside a UTF-8 sequence), then the marker `[N bytes truncated]` where N is the bytes left out.
 */
export function cutToView(text: string, limitBytes: number): ViewText {
  const whole = Buffer.from(text, 'utf8')
  if (whole.length <= limitBytes) return { text, truncatedBytes: 0 }
  let end = limitBytes
  while (end > 0 && (whole[end] & 0xc0) === 0x80) end-- // whole[end] continues a character: back up to its start
  const truncatedBytes = whole.length - end
  return { text: whole.subarray(0, end).toString('utf8') + truncationMarker(truncatedBytes), truncatedBytes }
}
