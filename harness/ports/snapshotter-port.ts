/** The options of a snapshot, as an agent's browser tool offers them. */
export interface SnapshotOptions {
  /** Nodes at this depth are printed without their children, as Playwright counts it (the top level is depth 0, so 1 shows the top level and its children, collapsed). Absent or 0: unlimited; negative, fractional or not a number (`"2"`, `true`, `null` from a tool call's JSON): refused. */
  depth?: number
  /** Leave out unnamed structural wrappers (lists, list items, generic containers), keeping their children. */
  compact?: boolean
  /** Keep only interactive elements (links, buttons, form fields), flattened. */
  interactive?: boolean
}

/** What a snapshotter is asked: a page as HTML and the options. */
export interface SnapshotRequest {
  html: string
  options: SnapshotOptions
}

/** A snapshot: the accessibility-tree text, and which snapshotter made it. */
export interface Snapshot {
  text: string
  /** `built-in` or `chromium <version>`. */
  snapshotter: string
}

/** The snapshotter port: a page in, an accessibility-tree text out (docs/snapshotter-port.md). */
export interface SnapshotterPort {
  /** Snapshots a page's accessibility tree as text (Playwright's aria-snapshot YAML form). */
  snapshot(request: SnapshotRequest): Promise<Snapshot>
}
