/**
 * The environment variable naming a folder where the suites, run with no plan (the default plan: the kit's own
 * `npm test`), write the History of every run — so later tests judge those runs instead of replaying them again.
 */
export const suiteHistoriesVariable = 'CONTRACT_KIT_SUITE_HISTORIES'
