import { watchSignals } from '#harness/cli/watch-signals.ts'
import { killDescendantsNow } from '#harness/runner/end-descendants.ts'
import { Interruption } from '#harness/runner/interruption.ts'
import { claimReportFolder } from '#harness/runner/report-folder.ts'
import { useRunTempFolder } from '#harness/runner/run-temp-folder.ts'

/** How a whole-or-nothing command is stopped by a signal: `claim` the reports folder it writes; `done` when it ends. */
export interface CommandStop {
  claim(reports: string): void
  done(): void
}

/**
 * Makes SIGINT, SIGTERM and SIGHUP (or the parent gone, as SIGTERM) stop a command whose result is whole or nothing —
 * explore, reproduce, baseline, doctor (main.ts starts it for them) — within 5 s: every process it started ended, the reports folder it claimed
 * emptied of every report so none is left looking current, its temporary folder removed, and exit 130, 143 or 129.
 * (`run` stops more gently: it writes reports that say which runs did not run.) `claim(dir)` once the command knows
 * where it writes (an earlier run's reports there are removed); `done()` when it ends on its own.
 */
export function stopOnSignal(): CommandStop {
  const interruption = new Interruption()
  const stopWatching = watchSignals(interruption)
  const temp = useRunTempFolder()
  let folder: ReturnType<typeof claimReportFolder> | undefined
  const end = () => {
    stopWatching()
    temp.remove()
  }
  interruption.onAbort(() => {
    folder?.abandon()
    temp.remove()
  })
  interruption.onInterrupt(() => {
    void interruption.stopped().then(() => {
      killDescendantsNow() // the command ran on meanwhile: a process it started since is ended too, and nothing runs after
      folder?.abandon()
      end()
      process.exit(interruption.exitCode)
    })
  })
  return {
    claim(reports) {
      folder = claimReportFolder(reports)
    },
    done() {
      folder?.done()
      end()
    },
  }
}
