import type { FacetMemory, Row, Stored } from './facet-memory';
import type { Before } from './snapshot-log';
import { tokenize } from './tokenize';
import type { Vocabulary } from './typo';

/** What the delta reads of a row now. */
export interface CurrentRows {
  /** the row's project and stored facets (undefined: removed) */
  row(rid: number): { project_id: string; facets: string } | undefined;
  /** the row's text fields (FTS5) */
  text(rid: number): { name: string; slug: string; author: string; summary: string } | undefined;
}

/**
 * Brings a restored memory and vocabulary from the snapshot's state to the rows' state: `changed` holds each row changed
 * since the snapshot with its state then (snapshot-log.ts). Words of the changed rows' text are added, as a commit adds
 * them; words no row holds any more stay, as they do in a running index (they match no row).
 */
export function applyDelta(memory: FacetMemory, vocab: Vocabulary, changed: Map<number, Before>, current: CurrentRows): void {
  const changes: Array<{ rid: number; before: Row | null; after: Row | null }> = [];
  for (const [rid, then] of changed) {
    const before: Row | null = then ? { projectId: then.projectId, stored: JSON.parse(then.facets) as Stored } : null;
    const now = current.row(rid);
    const after: Row | null = now ? { projectId: now.project_id, stored: JSON.parse(now.facets) as Stored } : null;
    changes.push({ rid, before, after });
    if (!after || (before?.stored.th !== undefined && before.stored.th === after.stored.th)) continue;
    const t = current.text(rid);
    if (t) for (const w of tokenize(`${t.name} ${t.slug} ${t.author} ${t.summary}`)) vocab.add(w);
  }
  memory.replaceRows(changes);
}
