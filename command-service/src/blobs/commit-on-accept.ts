import type { ExecuteHooks } from '../kernel/execute';
import type { StagedBlob } from './blob-store';

/**
 * Keeps a staged upload once the decider has accepted the command that names it (execute's
 * `beforeAppend`, once even when a conflict re-decides), so a refused command keeps nothing and the
 * command is decided only once.
 */
export function commitOnAccept(blob: StagedBlob): ExecuteHooks {
  let committed = false;
  return {
    async beforeAppend() {
      if (committed) return;
      committed = true;
      await blob.commit();
    },
  };
}
