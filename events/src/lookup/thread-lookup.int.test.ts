import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fields } from '../catalogue/index';
import { ProjectCreated, projectStream } from '../catalogue/project';
import { ReportFiled, reportStream } from '../catalogue/social';
import { ThreadMessageSent, commentThreadId, threadStream } from '../catalogue/thread';
import type { DecidedEvent } from '../registry';
import { newEventId, newId } from '../ids';
import { toNewEvents } from '../registry';
import { SqliteEventStore } from '../store/sqlite';
import { FollowingThreadLookup, SqliteInlineThreadLookup, type ThreadLookup } from './thread-lookup';
import { testProjectDefaults } from '../testing/project-fields';

const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: '2026-01-01T00:00:00.000Z' };
const append = (store: SqliteEventStore, stream: string, events: DecidedEvent[]) => store.append(stream, toNewEvents(events, meta, newEventId), 'any');

function projectCreated(projectId: string, threadId: string) {
  return ProjectCreated({
    project_id: projectId,
    team_id: newId(),
    project_type: 'mod',
    owner_id: newId(),
    organization_id: null,
    thread_id: threadId,
    status: 'draft',
    published: meta.time,
    slug: `p-${projectId.toLowerCase()}`,
    title: 'Thread test',
    description: 'A project for the thread lookup',
    body: 'body',
    categories: ['magic'],
    ...testProjectDefaults(),
    license: { id: 'MIT', name: 'MIT', url: null },
  } as Parameters<typeof ProjectCreated>[0] & { slug: string });
}

/** Both adapters answer what the log holds, including what was appended before they existed. */
for (const [name, make] of [
  ['sqlite inline', (store: SqliteEventStore) => new SqliteInlineThreadLookup(store)],
  ['following', (store: SqliteEventStore, dir: string) => new FollowingThreadLookup(store, join(dir, 'threads.db'))],
] as const) {
  describe(`thread lookup: ${name}`, () => {
    it('maps moderation, comment and report threads to their owners, and messages to their threads', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'thread-lookup-'));
      const store = new SqliteEventStore({ path: join(dir, 'events.db') });
      const [pid, tid, rid, rtid] = [newId(), newId(), newId(), newId()];
      // written before the lookup existed (an old log)
      await append(store, projectStream(pid), [projectCreated(pid, tid)]);
      const lookup: ThreadLookup = make(store, dir);
      await append(store, reportStream(rid), [
        ReportFiled({ report_id: rid, reporter_id: newId(), report_type: 'spam', item_type: 'project', item_id: pid, body: 'x', thread_id: rtid }),
      ]);
      const mid = newId();
      await append(store, threadStream(tid), [
        ThreadMessageSent({
          message_id: mid,
          thread_id: tid,
          thread_type: 'project',
          item_id: pid,
          author_id: newId(),
          body: 'hi',
          private: false,
          replying_to: null,
        }),
      ]);
      expect(await lookup.thread(tid)).toEqual({ type: 'project', itemId: pid });
      expect(await lookup.thread(commentThreadId(pid))).toEqual({ type: 'comments', itemId: pid });
      expect(fields.id.safeParse(commentThreadId(pid)).success).toBe(true);
      expect(await lookup.thread(rtid)).toEqual({ type: 'report', itemId: rid });
      expect(await lookup.threadOfMessage(mid)).toBe(tid);
      expect(await lookup.thread('ZZZZZZZZ')).toBeNull();
      expect(await lookup.threadOfMessage('ZZZZZZZZ')).toBeNull();
      await lookup.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });
  });
}
