import { describe, expect, test } from 'vitest'
import { outputSamples } from '#harness/drivers/tool-output/tool-output-driver.ts'

describe('outputSamples', () => {
  test('the first, middle and last 48 code points, an emoji one of them', () => {
    const output = `${'a'.repeat(60)}🙂${'b'.repeat(60)}`
    const samples = outputSamples(output)
    expect(samples.map((s) => Array.from(s).length)).toEqual([48, 48, 48])
    expect(samples[0]).toBe('a'.repeat(48))
    expect(samples[2]).toBe('b'.repeat(48))
    expect(samples[1]).toContain('🙂')
    for (const sample of samples) expect(output).toContain(sample)
  })
  test('a short output is its own sample; an empty one has none', () => {
    expect(outputSamples('- list')).toEqual(['- list'])
    expect(outputSamples('')).toEqual([])
  })
})
