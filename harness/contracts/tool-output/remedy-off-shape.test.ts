import { describe, expect, test } from 'vitest'
import { remedyOffShape } from '#harness/contracts/tool-output/remedy-off-shape.ts'

describe('remedyOffShape', () => {
  test.for([[{ option: 'depth', value: 13 }], [{ option: 'compact' }], [{ option: 'interactive' }]])('%o is of a documented shape', ([remedy]) => {
    expect(remedyOffShape(remedy)).toBeUndefined()
  })
  test.for([
    [{ option: 'depth', value: '13' }, 'the depth remedy\'s value is "13", not a positive integer'],
    [{ option: 'depth', value: { n: 13 } }, 'the depth remedy\'s value is {"n":13}, not a positive integer'],
    [{ option: 'depth', value: [13] }, 'the depth remedy\'s value is [13], not a positive integer'],
    [{ option: 'depth', value: true }, 'the depth remedy\'s value is true, not a positive integer'],
    [{ option: 'depth', value: null }, 'the depth remedy\'s value is null, not a positive integer'],
    [{ option: 'depth', value: 0 }, 'the depth remedy\'s value is 0, not a positive integer'],
    [{ option: 'depth', value: 2.5 }, 'the depth remedy\'s value is 2.5, not a positive integer'],
    [{ option: 'depth', depth: 13 }, 'the depth remedy\'s value is undefined, not a positive integer'],
    [{ option: 'depth', value: 13, why: 'deep' }, 'the depth remedy carries why'],
    [{ option: 'compact', value: true }, "{ option: 'compact' } carries value"],
    [{ option: 'full-snapshot' }, 'its option is "full-snapshot", not depth, compact or interactive'],
    ['--depth 13', 'it is not an object'],
    [null, 'it is not an object'],
    [[], 'it is not an object'],
  ] as const)('%o is off shape: %s', ([remedy, why]) => {
    expect(remedyOffShape(remedy)).toBe(why)
  })
})
