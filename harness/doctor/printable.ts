/** `text` safe to print on a terminal: control characters (escape sequences, carriage returns…) are written as \uXXXX, tabs kept. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
