import { escapeHtml } from '#harness/reporters/matrix/escape-html.ts'

/** A History's path under the report folder as an escaped relative href: each segment percent-encoded, so no path can become a scheme, an absolute path or a way out of the folder. */
export function historyHref(path: string): string {
  return escapeHtml(path.split('/').filter((segment) => segment !== '').map((segment) => (segment === '..' ? '_' : encodeURIComponent(segment))).join('/'))
}
