/** Why the kit would not read a recovery command back: the reason, and the command or path exactly as the system gave it. */
export interface RecoveryFinding {
  kind: 'refused'
  reason: string
  quoted: string
}
