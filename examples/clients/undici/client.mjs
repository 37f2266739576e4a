#!/usr/bin/env node
// A session client on undici (allowH2, h2c): `node client.mjs watch --url URL --session ID --timeout MS --try-timeout MS -o json|text`.
import { main } from '../shared/cli.mjs'
import { undiciTransport } from './transport.mjs'

await main(process.argv.slice(2), (url) => undiciTransport(url))
