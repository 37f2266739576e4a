/** The unit an inline cap counts in. */
export type CapUnit = 'runes' | 'utf8-bytes' | 'utf16-units'

/** Where the kit lets a tool spill an oversized output (docs/tool-output-port.md). */
export type SpillPolicy =
  /** `folder` is the session's granted `tool_output_folder`: write there and nowhere else. */
  | { policy: 'granted'; folder: string }
  /** No spiller is configured. */
  | { policy: 'none' }
  /** A spiller is configured, but writing into `folder` fails (the path lies under a regular file). */
  | { policy: 'failing'; folder: string }
  /** The session's read grants hold no `tool_output_folder`: a spiller must decline. */
  | { policy: 'no-grant'; grants: string[] }

/** A remedy a banner offers: run the tool again with this option to get a smaller output. */
export type Remedy = { option: 'depth'; value: number } | { option: 'compact' } | { option: 'interactive' }

/** One tool run whose output may be over the inline cap. */
export interface ToolOutputRequest {
  /** The tool's whole output (a page snapshot). */
  output: string
  /** The inline cap: the inline text may hold at most `max` of `unit`. */
  cap: { unit: CapUnit; max: number }
  spill: SpillPolicy
}

/** What the tool returns to the agent. */
export interface ToolOutputResult {
  /** The output as shown inline: whole, or its head within the cap. */
  inline: string
  /** The text after the head telling the agent what happened and what to do (empty when the output fits). */
  banner: string
  /** The remedies the banner offers. */
  remedies: Remedy[]
  /** The command the banner gives to read the whole output back (`sed -n '1,240p' <path>`), if any. */
  recovery: string | null
  /** Where the whole output was written, if it was. */
  spillPath: string | null
}

/** The tool-output port: cap a tool's output inline, spill the whole of it where granted, and say how to get the rest. */
export interface ToolOutputPort {
  /** Handles one tool run's output; never rejects because a spill failed (that falls back to plain truncation). */
  run(request: ToolOutputRequest): Promise<ToolOutputResult>
}
