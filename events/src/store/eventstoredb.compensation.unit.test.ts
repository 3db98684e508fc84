import { afterEach, describe, expect, it } from 'vitest';
import { NO_STREAM, WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type NewEvent } from '../envelope';
import { EventStoreDbEventStore } from './eventstoredb';

const ev = (type: string): NewEvent => ({
  type,
  schemaVersion: 1,
  data: {},
  metadata: { eventId: type, commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: new Date(0).toISOString() },
});

/**
 * appendMulti's order and compensation on EventStoreDB, without a server: the single-stream
 * appends it makes are recorded (the appends themselves are covered by the contract suite
 * wherever a server runs, eventstoredb.integration.ts).
 */
describe('EventStoreDbEventStore.appendMulti (no multi-stream transaction)', () => {
  const calls: Array<[string, string[], ExpectedRevision]> = [];
  const store = new EventStoreDbEventStore({ connectionString: 'esdb://127.0.0.1:1?tls=false' });
  const revisions = new Map<string, number>();
  store.append = async (streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> => {
    calls.push([streamId, events.map((e) => e.type), expected]);
    const current = revisions.get(streamId) ?? NO_STREAM;
    if (expected !== 'any' && expected !== current) throw new WrongExpectedRevisionError(streamId, expected, current);
    revisions.set(streamId, current + events.length);
    return { nextRevision: current + events.length, position: calls.length };
  };
  afterEach(() => {
    calls.length = 0;
    revisions.clear();
  });

  it('appends the parts in order, reservations first', async () => {
    const results = await store.appendMulti([
      { streamId: 'slug-project-a', events: [ev('NameReserved')], expected: NO_STREAM, compensation: [ev('NameReleased')] },
      { streamId: 'project-1', events: [ev('ProjectCreated')], expected: NO_STREAM },
    ]);
    expect(calls.map((c) => c[0])).toEqual(['slug-project-a', 'project-1']);
    expect(results.map((r) => r.nextRevision)).toEqual([0, 0]);
  });

  it('undoes the parts already written when a later one fails, then throws its error', async () => {
    revisions.set('project-1', 3);
    const err = await store
      .appendMulti([
        { streamId: 'slug-project-a', events: [ev('NameReserved')], expected: NO_STREAM, compensation: [ev('NameReleased')] },
        { streamId: 'slug-project-b', events: [ev('NameReleased')], expected: NO_STREAM, compensation: [ev('NameReserved')] },
        { streamId: 'project-1', events: [ev('ProjectEdited')], expected: 2 },
      ])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WrongExpectedRevisionError);
    expect((err as WrongExpectedRevisionError).streamId).toBe('project-1');
    expect(calls).toEqual([
      ['slug-project-a', ['NameReserved'], NO_STREAM],
      ['slug-project-b', ['NameReleased'], NO_STREAM],
      ['project-1', ['ProjectEdited'], 2],
      ['slug-project-b', ['NameReserved'], 0],
      ['slug-project-a', ['NameReleased'], 0],
    ]);
  });

  it('writes nothing more when the first part fails', async () => {
    revisions.set('slug-project-a', 0);
    await expect(
      store.appendMulti([
        { streamId: 'slug-project-a', events: [ev('NameReserved')], expected: NO_STREAM, compensation: [ev('NameReleased')] },
        { streamId: 'project-1', events: [ev('ProjectCreated')], expected: NO_STREAM },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(calls).toHaveLength(1);
  });
});
