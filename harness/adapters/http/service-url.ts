/** The `url` of a started service that it prints itself, as its first stdout line (serve-http with `--port 0`). */
export const urlFromStdout = 'stdout'

/**
 * The URL written after `http:` in an adapter name (`http:http://127.0.0.1:8080/rpc`), with its path and query kept,
 * or the reason it is not an absolute `http://` or `https://` URL.
 */
export function serviceUrl(rest: string): { ok: true; url: string } | { ok: false; problem: string } {
  if (rest.startsWith('//')) return { ok: false, problem: `the URL goes after the http: prefix: write http:http:${rest}` }
  let url: URL
  try {
    url = new URL(rest)
  } catch {
    return { ok: false, problem: `${JSON.stringify(rest)} is not a URL` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: `the kit speaks http:// or https:// only, not ${url.protocol}//` }
  if (url.hash !== '') return { ok: false, problem: 'a URL with a #fragment names no other resource: leave it out' }
  return { ok: true, url: url.href }
}
