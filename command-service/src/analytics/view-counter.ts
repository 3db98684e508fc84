import { ProjectViewsCounted, viewsStream, type EventStore } from '@modshelf/events';
import { DownloadCounter, type DownloadCounterOptions } from '../catalogue/downloads/download-counter';

/**
 * Page views, counted exactly as downloads are (Modrinth uses the same key for both): once per
 * (visitor IP or IPv6 /64, project) in each flush window, at most `maxPerWindow` per 6 h, journalled (`journalPath`)
 * and folded in batches into ProjectViewsCounted on views-<project>.
 */
export function viewCounter(store: EventStore, options: Omit<DownloadCounterOptions, 'stream' | 'events'> = {}): DownloadCounter {
  return new DownloadCounter(store, {
    ...options,
    stream: viewsStream,
    events: (projectId, byVersion) => {
      let count = 0;
      for (const n of byVersion.values()) count += n;
      return count > 0 ? [ProjectViewsCounted({ project_id: projectId, count })] : [];
    },
  });
}
