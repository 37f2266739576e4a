import { declareThirdPartyClientTests } from '#harness/__test-helpers__/session-server/declare-third-party-client-tests.ts'

// The other half of third-party-clients-python-httpx-1.test.ts's scenarios (that file says why the client is run, and how).

declareThirdPartyClientTests('python-httpx', { k: 2, n: 2 })
