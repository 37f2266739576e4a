import { readFileSync } from 'node:fs'
import { readDocRules } from '#harness/rules/doc-rules.ts'
for (const d of ['docs/tool-output-port.md', 'docs/snapshotter-port.md']) {
  const r = readDocRules(d, readFileSync(d, 'utf8'))
  console.log(d, r.rules.length, r.rules.map((x) => x.id).join(' '), r.problems)
}
