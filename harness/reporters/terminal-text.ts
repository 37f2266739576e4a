/**
 * Text an implementation may have written (a message, an error, a reason quoting its output) made safe to print on one
 * terminal line: every control character — C0 but tab (ESC starts the sequences that recolour, retitle or clear a
 * terminal), DEL and C1 (CSI, OSC) — every bidirectional override and isolate (text that reads other than it runs)
 * and every unpaired surrogate is shown as `\u{…}`; a line break and the blanks around it become one space.
 */
export function terminalText(text: string): string {
  return text
    .replace(/[ \t]*(?:\r\n|[\n\r\u2028\u2029])\s*/g, ' ')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
}
