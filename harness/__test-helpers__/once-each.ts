/**
 * Test helper: `fn` made once per key for the file that calls it — the first call starts it, every later call with the
 * same key shares that promise — so the tests that read one expensive run (a recorded History) do not each pay for it.
 * Callers must not change what it resolves to.
 */
export function onceEach<V>(fn: (key: string) => Promise<V>): (key: string) => Promise<V> {
  const made = new Map<string, Promise<V>>()
  return (key) => {
    let value = made.get(key)
    if (!value) {
      value = fn(key)
      made.set(key, value)
    }
    return value
  }
}
