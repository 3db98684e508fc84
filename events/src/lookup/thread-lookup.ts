import type Database from 'better-sqlite3';
import { ProjectCreated } from '../catalogue/project';
import { ReportFiled } from '../catalogue/social';
import { ThreadMessageSent, commentThreadId, type ThreadType } from '../catalogue/thread';
import type { RecordedEvent } from '../envelope';
import { upcast } from '../registry';
import type { EventStore } from '../store/port';
import { SqliteEventStore, type InlineProjection } from '../store/sqlite';
import { LogFollower } from './log-follower';

export interface ThreadOwner {
  type: ThreadType;
  /** the project id (moderation and comment threads) or the report id */
  itemId: string;
}

/** What thread commands must find first: what a thread belongs to, and a message's thread. */
export interface ThreadLookup {
  thread(threadId: string): Promise<ThreadOwner | null>;
  threadOfMessage(messageId: string): Promise<string | null>;
  close(): Promise<void>;
}

export const THREAD_LOOKUP_EVENT_TYPES = [ProjectCreated.type, ReportFiled.type, ThreadMessageSent.type];

const SCHEMA = `
CREATE TABLE IF NOT EXISTS lookup_thread (id TEXT PRIMARY KEY, type TEXT NOT NULL, item_id TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS lookup_thread_message (id TEXT PRIMARY KEY, thread_id TEXT NOT NULL);
`;

/** One change to the thread index. */
export type ThreadChange = { kind: 'thread'; id: string; type: ThreadType; itemId: string } | { kind: 'message'; id: string; threadId: string };

/** Every project has a moderation thread and a comment thread (derived from its id); every report a thread; every message its thread. */
export function threadChanges(recorded: RecordedEvent): ThreadChange[] {
  const e = upcast(recorded);
  if (ProjectCreated.is(e)) {
    return [
      { kind: 'thread', id: e.data.thread_id, type: 'project', itemId: e.data.project_id },
      { kind: 'thread', id: commentThreadId(e.data.project_id), type: 'comments', itemId: e.data.project_id },
    ];
  }
  if (ReportFiled.is(e)) return [{ kind: 'thread', id: e.data.thread_id, type: 'report', itemId: e.data.report_id }];
  if (ThreadMessageSent.is(e)) return [{ kind: 'message', id: e.data.message_id, threadId: e.data.thread_id }];
  return [];
}

/** The thread index as SQLite tables (in the log's own file, or in a follower's file). */
export class ThreadTables {
  private readonly putThread;
  private readonly putMessage;
  private readonly getThread;
  private readonly getMessage;

  constructor(db: Database.Database) {
    db.exec(SCHEMA);
    this.putThread = db.prepare('INSERT OR REPLACE INTO lookup_thread (id, type, item_id) VALUES (?, ?, ?)');
    this.putMessage = db.prepare('INSERT OR REPLACE INTO lookup_thread_message (id, thread_id) VALUES (?, ?)');
    this.getThread = db.prepare<[string], { type: ThreadType; item_id: string }>('SELECT type, item_id FROM lookup_thread WHERE id = ?');
    this.getMessage = db.prepare<[string], { thread_id: string }>('SELECT thread_id FROM lookup_thread_message WHERE id = ?');
  }

  /** Applies one recorded event (threadChanges). */
  apply(recorded: RecordedEvent): void {
    this.applyChanges(threadChanges(recorded));
  }

  applyChanges(changes: ThreadChange[]): void {
    for (const c of changes) {
      if (c.kind === 'thread') this.putThread.run(c.id, c.type, c.itemId);
      else this.putMessage.run(c.id, c.threadId);
    }
  }

  thread(threadId: string): ThreadOwner | null {
    const row = this.getThread.get(threadId);
    return row ? { type: row.type, itemId: row.item_id } : null;
  }

  threadOfMessage(messageId: string): string | null {
    return this.getMessage.get(messageId)?.thread_id ?? null;
  }
}

/** The inline projection: its own checkpoint, so a log written before threads existed is caught up once. */
export function threadLookupProjection(): InlineProjection {
  let tables: ThreadTables | null = null;
  return {
    name: 'thread-lookup',
    types: THREAD_LOOKUP_EVENT_TYPES,
    setup(db) {
      tables = new ThreadTables(db);
    },
    apply(_db, event) {
      tables!.apply(event);
    },
  };
}

/** On a SQLite log: tables every append updates in its own transaction (every replica sees the same). */
export class SqliteInlineThreadLookup implements ThreadLookup {
  private readonly tables: ThreadTables;
  constructor(private readonly store: SqliteEventStore) {
    store.addInlineProjection(threadLookupProjection());
    this.tables = new ThreadTables(store.db);
  }
  async thread(threadId: string) {
    this.store.catchUpInline();
    return this.tables.thread(threadId);
  }
  async threadOfMessage(messageId: string) {
    this.store.catchUpInline();
    return this.tables.threadOfMessage(messageId);
  }
  async close(): Promise<void> {}
}

const relevant = new Set<string>(THREAD_LOOKUP_EVENT_TYPES);

/** On other stores (EventStoreDB): the same tables in a local SQLite file, brought to the log's head before each answer. */
export class FollowingThreadLookup implements ThreadLookup {
  private readonly follower: LogFollower<ThreadTables>;

  constructor(store: EventStore, path = ':memory:') {
    this.follower = new LogFollower(store, {
      path,
      checkpointTable: 'thread_lookup_checkpoint',
      pageSize: 5000,
      tables: (db) => new ThreadTables(db),
      apply: (tables, e) => {
        if (relevant.has(e.type)) tables.apply(e);
      },
    });
  }

  private current(): Promise<ThreadTables> {
    return this.follower.current();
  }

  async thread(threadId: string) {
    return (await this.current()).thread(threadId);
  }
  async threadOfMessage(messageId: string) {
    return (await this.current()).threadOfMessage(messageId);
  }
  close(): Promise<void> {
    return this.follower.close();
  }
}

/** The thread lookup for a store: inline tables in a SQLite log, else a follower (in `path`). */
export function threadLookupFor(store: EventStore, path?: string): ThreadLookup {
  return store instanceof SqliteEventStore ? new SqliteInlineThreadLookup(store) : new FollowingThreadLookup(store, path);
}
