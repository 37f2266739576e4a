/** The first source newer than the compiled CLI under `root`, `dist/` when it was never compiled, or undefined when dist/ is up to date or `root` holds no sources. */
export function staleSource(root: string): string | undefined
