/** Test helper: holds the event loop for `ms` (a busy wait), as another test judging a large History in the same worker would. */
export function stallEventLoop(ms: number): void {
  const end = performance.now() + ms
  while (performance.now() < end);
}
