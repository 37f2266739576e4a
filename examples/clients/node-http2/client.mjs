#!/usr/bin/env node
// A session client on node:http2: `node client.mjs watch --url URL --session ID --timeout MS --try-timeout MS -o json|text`.
import { main } from '../shared/cli.mjs'
import { nodeHttp2Transport } from './transport.mjs'

await main(process.argv.slice(2), (url) => nodeHttp2Transport(url))
