import { expect, test } from 'vitest'
import { shownPath } from '#harness/runner/shown-path.ts'

test('a path inside the working folder is shown relative to it, one outside it absolute', () => {
  expect(shownPath('/work/kit/scenarios/found', '/work/kit')).toBe('scenarios/found')
  expect(shownPath('scenarios/found', '/work/kit')).toBe('scenarios/found')
  expect(shownPath('/work/kit', '/work/kit')).toBe('.')
  expect(shownPath('/tmp/tmp.ymUJKvq3pG/a', '/work/kit')).toBe('/tmp/tmp.ymUJKvq3pG/a')
  expect(shownPath('../../tmp/x', '/work/kit')).toBe('/tmp/x')
  expect(shownPath('/work/kit-other/a', '/work/kit')).toBe('/work/kit-other/a')
})
