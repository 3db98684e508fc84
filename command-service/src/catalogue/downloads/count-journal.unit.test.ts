import { describe, expect, it } from 'vitest';
import { countJournalPath } from './count-journal';

describe('count journal path', () => {
  it('one process alone in its data dir keeps the plain names', () => {
    expect(countJournalPath('/data', 'downloads')).toBe('/data/downloads-journal.db');
    expect(countJournalPath('/data', 'views')).toBe('/data/views-journal.db');
  });

  it('replicas sharing a data dir each get their own journal of each kind', () => {
    const paths = ['replica-1', 'replica-2'].flatMap((id) => [countJournalPath('/data', 'downloads', id), countJournalPath('/data', 'views', id)]);
    expect(new Set(paths).size).toBe(4);
    expect(paths[0]).toBe('/data/downloads-journal-replica-1.db');
  });
});
