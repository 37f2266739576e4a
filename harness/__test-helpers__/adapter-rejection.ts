import { expect } from 'vitest'
import { AdapterError } from '#harness/adapters/adapter-error.ts'

/** Awaits a promise that must reject with an AdapterError, and returns that error. */
export async function adapterRejection(promise: Promise<unknown>): Promise<AdapterError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AdapterError)
  return error as AdapterError
}
