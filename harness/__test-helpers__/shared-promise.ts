/**
 * Test helper: `make` started on the first call and its promise shared by every later call, so the tests of a file
 * that read one expensive thing (a kit run, a process's output) assert on one run of it instead of each making its
 * own. Callers must not change what it resolves to. For several such things by key, see once-each.ts.
 */
export function sharedPromise<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}
