/**
 * The `contract-kit` package's API: the ports an implementation offers, the adapters that reach one (in process, over
 * stdio or HTTP, as a command), the scenario files, the contracts and the verdicts they give, the measures a ceiling counts in,
 * and the fast-check arbitraries `explore` draws scenarios from. The vitest suite is `contract-kit/vitest`.
 */

// ports: what an implementation offers, one interface per port
export type { PortMap, PortName, Adapter, Connection, SystemInfo, Transport, OpenOptions } from '#harness/adapters/adapter.ts'
export type { InProcessSystem, SystemFactory } from '#harness/ports/in-process-system.ts'
export { portsOf } from '#harness/ports/in-process-system.ts'
export type * from '#harness/ports/pager-port.ts'
export type * from '#harness/ports/tool-output-port.ts'
export type * from '#harness/ports/agent-log-port.ts'
export type * from '#harness/ports/snapshotter-port.ts'
export type * from '#harness/ports/session-client-port.ts'

// adapters: in process, over the stdio protocol (or over HTTP, to a running service), as a client command line; a name as `--adapter` takes it
export { createInProcessAdapter, type InProcessAdapterOptions } from '#harness/adapters/in-process-adapter.ts'
export { createStdioAdapter, stdioProtocol, type StdioAdapterOptions } from '#harness/adapters/stdio-adapter.ts'
export { createHttpAdapter, type HttpAdapterOptions } from '#harness/adapters/http-adapter.ts'
export { createCommandAdapter, commandPlaceholders, type CommandAdapterOptions } from '#harness/adapters/command-adapter.ts'
export { AdapterError } from '#harness/adapters/adapter-error.ts'
export { adapterNamed } from '#harness/api/adapter-named.ts'

// scenarios: the bundled files and your own, loaded, validated and selected
export { scenarioRoot } from '#harness/suite/scenario-root.ts'
export { loadScenarios, loadScenarioFile, type LoadedScenario } from '#harness/scenario/load-scenarios.ts'
export { selectScenarios } from '#harness/scenario/select-scenarios.ts'
export { ScenarioError } from '#harness/scenario/scenario-error.ts'
export type { Scenario } from '#harness/scenario/scenario-schema.ts'

// replaying a scenario on an adapter, and judging a History
export { replayScenario, type ReplayContext } from '#harness/runner/replay-scenario.ts'
export { ConnectionPool } from '#harness/runner/connection-pool.ts'
export type { RunOutcome } from '#harness/runner/run-outcome.ts'
export { judgeHistory, type Judgement } from '#harness/runner/judge-history.ts'
export type { History, HistoryEvent } from '#harness/history/history.ts'

// contracts: pure checkers with check… and assert…, and the results they give
export { contractsById, contractsOfPort } from '#harness/contracts/index.ts'
export { held, broken, notApplicable, unknown, ContractBrokenError } from '#harness/contracts/contract.ts'
export type { Contract, AnyContract, ContractResult, ContractVerdict } from '#harness/contracts/contract.ts'
export type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
export { parseKnownFailing, type KnownFailingEntry } from '#harness/expectations/known-failing.ts'

// measures: the units a ceiling counts in
export { measure, measures } from '#harness/measures/measure.ts'
export { measureNames, type MeasureName } from '#harness/measures/measure-name.ts'
export { utf8Bytes } from '#harness/measures/utf8-bytes.ts'
export { utf16Units } from '#harness/measures/utf16-units.ts'
export { runes } from '#harness/measures/runes.ts'
export { jsonBytes } from '#harness/measures/json-bytes.ts'
export { retainedBytes } from '#harness/measures/retained-bytes.ts'

// fast-check arbitraries: every port's generated scenarios (what `explore` draws), and exploring an adapter with them
export { explorers } from '#harness/explore/explorers.ts'
export type { PortExplorer, ExploredScenario } from '#harness/explore/port-explorer.ts'
export { explorePort, type ExploreOptions, type Exploration, type FoundCase } from '#harness/explore/explore-port.ts'
export { pagerCase, type PagerCase } from '#harness/arbitraries/pager-case.ts'
