import type { ExecuteHooks } from '../kernel/execute';
import type { StagedBlob } from './blob-store';

/**
 * Keeps the staged uploads once the decider has accepted the command that names them (execute's
 * `beforeAppend`, once even when a conflict re-decides), so a refused command keeps nothing and the
 * command is decided only once.
 */
export function commitOnAccept(...blobs: StagedBlob[]): ExecuteHooks {
  let committed = false;
  return {
    async beforeAppend() {
      if (committed) return;
      committed = true;
      for (const blob of blobs) await blob.commit();
    },
  };
}
