#!/usr/bin/env node
// The contract-kit command: loads tsx so the kit's TypeScript runs as is, then hands over to harness/cli/main.ts.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../harness/cli/main.ts')
process.exitCode = await main(process.argv.slice(2))
