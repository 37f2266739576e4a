/** Whether `event` settles within `ms` milliseconds (true), or the time runs out first (false); never leaves a timer behind. */
export async function settlesWithin(event: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([event.then(() => true), late])
  } finally {
    clearTimeout(timer)
  }
}
