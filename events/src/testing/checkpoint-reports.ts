import type { CheckpointReport, WalCheckpointer } from '../store/wal-checkpointer';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A WAL checkpointer's reports as they come, for tests: `reports`, and bounded waits on them. */
export function checkpointReports(checkpointer: WalCheckpointer) {
  const reports: CheckpointReport[] = [];
  checkpointer.onCheckpoint((r) => reports.push(r));
  /** Waits until `done(reports)` holds, at most `ms`; says whether it did. */
  const until = async (done: (reports: readonly CheckpointReport[]) => boolean, ms = 5000): Promise<boolean> => {
    for (const end = Date.now() + ms; !done(reports) && Date.now() < end;) await sleep(50);
    return done(reports);
  };
  return {
    reports,
    until,
    /** Waits until a report says pages were copied into the file; also says that none failed. */
    async copied(): Promise<{ copied: boolean; errors: CheckpointReport[] }> {
      const copied = await until((rs) => rs.some((r) => (r.checkpointed ?? 0) > 0));
      return { copied, errors: reports.filter((r) => r.error !== undefined) };
    },
  };
}
