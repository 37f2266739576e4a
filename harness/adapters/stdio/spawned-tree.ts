import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { ProcessTree } from '#harness/adapters/stdio/process-tree.ts'

/**
 * Starts `command` (no shell) as a process tree of its own and resolves once it runs; rejects with AdapterError('spawn')
 * naming the command, the folder and a hint when it cannot be started (`what` names it in an empty command's error:
 * "an implementation", "a service"). A tree that never started is released.
 */
export function spawnedTree(command: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }, what: string): Promise<ProcessTree> {
  if (command.length === 0 || command[0] === '') return Promise.reject(new AdapterError('spawn', `cannot start ${what}: the command is empty`))
  const tree = ProcessTree.spawn(command, options)
  return new Promise((resolve, reject) => {
    tree.child.once('error', (error) => {
      const where = options.cwd === undefined ? '' : ` in ${options.cwd}`
      const hint = (error as NodeJS.ErrnoException).code === 'ENOENT' ? ' (is the program installed and on PATH, and does the folder exist?)' : ''
      tree.release()
      reject(new AdapterError('spawn', `could not start ${JSON.stringify(command)}${where}: ${error.message}${hint}`))
    })
    tree.child.once('spawn', () => {
      tree.child.on('error', () => {}) // later errors (a failed signal) surface as an exit or a timeout
      resolve(tree)
    })
  })
}
