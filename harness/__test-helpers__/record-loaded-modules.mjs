// Loaded with `node --import <this file>` (through NODE_OPTIONS, so vitest's forked workers load it too): appends the
// URL of every module Node loads to the file named by CONTRACT_KIT_TEST_LOADED, one per line, for a test to read.
import { register } from 'node:module'

register(new URL('./loaded-modules-hooks.mjs', import.meta.url), { data: { file: process.env.CONTRACT_KIT_TEST_LOADED } })
