import { describe, expect, it } from 'vitest'
import { parseCommandLine } from '#harness/adapters/parse-command-line.ts'

describe('parseCommandLine', () => {
  it.each([
    ['python3 pager.py', ['python3', 'pager.py']],
    [`node "my pager.mjs" --name='a b' x\\ y`, ['node', 'my pager.mjs', '--name=a b', 'x y']],
    [`go run ./cmd/pager '$HOME' "a#b" "*.json"`, ['go', 'run', './cmd/pager', '$HOME', 'a#b', '*.json']],
    ['  mix   run  pager.exs  ', ['mix', 'run', 'pager.exs']],
  ])('splits %s into argv', (text, argv) => {
    expect(parseCommandLine(text)).toEqual(argv)
  })

  it.each([
    ['python3 pager.py | tee log', 'the shell operator |'],
    ['python3 pager.py > out.txt', 'the shell operator >'],
    ['python3 pager.py && echo done', 'the shell operator &&'],
    ['python3 pager.py; rm -rf x', 'the shell operator ;'],
    ['python3 *.py', 'a glob (*.py)'],
    ['python3 pager.py # the reference', 'a comment'],
    ['python3 $HOME/pager.py', 'uses $HOME'],
    ['python3 "${DIR}/pager.py"', 'uses $DIR'],
    ['python3 $(pwd)/pager.py', 'uses $'],
    ['python3 `pwd`/pager.py', 'a backquote'],
    ['DEBUG=1 python3 pager.py', 'a variable assignment (DEBUG=1)'],
    ['', 'names no program'],
    ['   ', 'names no program'],
    ["''", 'names no program'],
  ])('rejects %s with a one-line message', (text, reason) => {
    let message = ''
    try {
      parseCommandLine(text)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain(reason)
    expect(message).not.toContain('\n')
  })
})
