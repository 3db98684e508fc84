import { COLLECTIONS } from '../read-model/documents';
import type { ProjectionStorage } from '../storage/port';

/** Whether nothing is stored yet (no checkpoint, no document): a build from the start of the log. */
export async function storageEmpty(storage: ProjectionStorage): Promise<boolean> {
  if ((await storage.checkpoint()) > 0) return false;
  for (const coll of COLLECTIONS) if ((await storage.readModels.count(coll)) > 0) return false;
  return true;
}
