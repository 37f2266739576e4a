import { declareThirdPartyClientTests } from '#harness/__test-helpers__/session-server/declare-third-party-client-tests.ts'

// The other half of third-party-clients-undici-1.test.ts's scenarios (that file says why the client is run, and how).

declareThirdPartyClientTests('undici', { k: 2, n: 2 })
