/** A byte count as people read it: "16 MiB", "64 KiB", "1.5 MiB", "300 bytes". */
export function byteSize(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 * 1024 * 1024, 'GiB'],
    [1024 * 1024, 'MiB'],
    [1024, 'KiB'],
  ]
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`
  }
  return `${bytes} byte${bytes === 1 ? '' : 's'}`
}
