import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM as ESDB_NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  NO_STREAM,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../envelope';
import type { EventHandler, EventStore, ReadAllOptions, ReadStreamOptions, StreamAppend, Subscription } from './port';

/**
 * The distributed event store: EventStoreDB over gRPC.
 *
 * Conventions of the port, and how they map:
 * - stream revisions are 0-based and NO_STREAM is -1: the same as EventStoreDB (bigint there, number here);
 * - positions are numbers: the event's commit position in the transaction file. EventStoreDB gives every
 *   event of an (implicitly committed) append its own commit position, equal to its prepare position, so the
 *   number identifies the event and orders `$all`. A number is exact up to 2^53 bytes of log (8 PiB).
 * - `$all` holds system events ($-prefixed types and streams); the port's log is the user events only, so they
 *   are filtered out (server side for subscriptions, client side for reads).
 * - schemaVersion travels inside the event's metadata as `$schemaVersion`.
 */
export interface EventStoreDbOptions {
  /** e.g. esdb://127.0.0.1:2113?tls=false */
  connectionString: string;
}

type StoredMetadata = EventMetadata & { $schemaVersion?: number };

const isUserEvent = (r: ResolvedEvent | AllStreamResolvedEvent): boolean => !!r.event && !r.event.type.startsWith('$') && !r.event.streamId.startsWith('$');

function toPosition(p: bigint): { commit: bigint; prepare: bigint } {
  return { commit: p, prepare: p };
}

function toRecorded(r: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent {
  const e = r.event!;
  const meta = { ...(e.metadata as unknown as StoredMetadata) }; // adapter boundary: the client types metadata as generic JSON; this adapter wrote it
  const schemaVersion = meta.$schemaVersion ?? 1;
  delete meta.$schemaVersion;
  const position = e.position?.commit ?? r.commitPosition;
  if (position === undefined) throw new Error(`EventStoreDB returned ${e.streamId}@${e.revision} without a position`);
  return {
    streamId: e.streamId,
    revision: Number(e.revision),
    position: Number(position),
    type: e.type,
    schemaVersion,
    data: e.data,
    metadata: meta,
  };
}

export class EventStoreDbEventStore implements EventStore {
  readonly client: EventStoreDBClient;
  private readonly subs = new Set<Subscription>();

  constructor(options: EventStoreDbOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const expectedRevision: AppendExpectedRevision = expected === 'any' ? ANY : expected === NO_STREAM ? ESDB_NO_STREAM : BigInt(expected);
    if (events.length === 0) {
      const current = await this.streamRevision(streamId);
      if (expected !== 'any' && expected !== current) throw new WrongExpectedRevisionError(streamId, expected, current);
      return { nextRevision: current, position: await this.headPosition() };
    }
    const payload = events.map((e) =>
      jsonEvent({
        type: e.type,
        data: e.data as Record<string, unknown>,
        metadata: { ...e.metadata, $schemaVersion: e.schemaVersion },
        // a UUID event id makes a retried append idempotent on the server
        ...(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(e.metadata.eventId) ? { id: e.metadata.eventId } : {}),
      }),
    );
    let nextRevision: number;
    try {
      const result = await this.client.appendToStream(streamId, payload, { expectedRevision });
      nextRevision = Number(result.nextExpectedRevision);
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        const actual = typeof err.actualVersion === 'bigint' ? Number(err.actualVersion) : NO_STREAM;
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw err;
    }
    // The append answer's position is the transaction's, not necessarily the last event's: read the
    // last written event back so that `position` is exactly what readStream/readAll report for it.
    const [last] = await this.readStream(streamId, { fromRevision: nextRevision, maxCount: 1 });
    return { nextRevision, position: last?.position ?? 0 };
  }

  /**
   * EventStoreDB has no multi-stream transaction: the parts are appended one after the other
   * (callers put reservations first and the command's own stream last). When a part fails, the
   * parts already written get their `compensation` appended (expected at the revision just
   * written), then the error is thrown. A process that dies between the two leaves the earlier
   * parts written without the later ones; for a name reservation that means the name stays held
   * by an owner that was never created.
   */
  async appendMulti(parts: StreamAppend[]): Promise<AppendResult[]> {
    const done: Array<{ part: StreamAppend; result: AppendResult }> = [];
    try {
      for (const part of parts) done.push({ part, result: await this.append(part.streamId, part.events, part.expected) });
    } catch (err) {
      for (const { part, result } of done.reverse()) {
        if (part.compensation?.length && part.events.length) await this.append(part.streamId, part.compensation, result.nextRevision);
      }
      throw err;
    }
    return done.map((d) => d.result);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const fromRevision = options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision);
    const out: RecordedEvent[] = [];
    try {
      for await (const r of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        if (r.event) out.push(toRecorded(r));
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const max = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const out: RecordedEvent[] = [];
    let from: { commit: bigint; prepare: bigint } | typeof START = after > 0 ? toPosition(BigInt(after)) : START;
    // read pages until `max` user events are found (system events are skipped client side)
    for (;;) {
      const page = Math.min(Math.max(max - out.length + 1, 16), 1000);
      let n = 0;
      let lastSeen: bigint | undefined;
      for await (const r of this.client.readAll({ direction: FORWARDS, fromPosition: from, maxCount: page })) {
        n += 1;
        const commit = r.event?.position?.commit ?? r.commitPosition;
        if (commit !== undefined) lastSeen = commit;
        // upTo and types are applied client side: the read stops past upTo, and skips other types before decoding
        if (commit !== undefined && options.upTo !== undefined && Number(commit) > options.upTo) return out;
        if (!isUserEvent(r)) continue;
        if (options.types && !options.types.includes(r.event!.type)) continue;
        const e = toRecorded(r);
        if (e.position <= after || (out.length > 0 && e.position <= out[out.length - 1].position)) continue;
        out.push(e);
        if (out.length >= max) return out;
      }
      if (n < page || lastSeen === undefined) return out;
      from = toPosition(lastSeen);
    }
  }

  async streamRevision(streamId: string): Promise<number> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return last ? last.revision : NO_STREAM;
  }

  async headPosition(): Promise<number> {
    let from: { commit: bigint; prepare: bigint } | typeof END = END;
    for (;;) {
      let n = 0;
      let lastSeen: bigint | undefined;
      for await (const r of this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: 200 })) {
        n += 1;
        const commit = r.event?.position?.commit ?? r.commitPosition;
        if (commit !== undefined) lastSeen = commit;
        if (isUserEvent(r)) return toRecorded(r).position;
      }
      if (n < 200 || lastSeen === undefined) return 0;
      from = toPosition(lastSeen);
    }
  }

  subscribeAll(after: number, handler: EventHandler, onError?: (err: unknown) => void): Subscription {
    // $all subscription start positions are exclusive; the filter keeps system events out while the
    // server still sends checkpoints, so a quiet filtered subscription keeps advancing.
    const sub = this.client.subscribeToAll({
      fromPosition: after > 0 ? toPosition(BigInt(after)) : START,
      filter: excludeSystemEvents(),
    });
    let stopped = false;
    const done = (async () => {
      try {
        for await (const r of sub) {
          if (stopped) break;
          if (!isUserEvent(r)) continue;
          const e = toRecorded(r);
          if (e.position <= after) continue;
          await handler(e);
        }
      } catch (err) {
        if (stopped) return;
        if (onError) onError(err);
        else console.error('subscription stopped', err);
      }
    })();
    const subscription: Subscription = {
      close: async () => {
        stopped = true;
        this.subs.delete(subscription);
        await sub.unsubscribe().catch(() => undefined);
        await done;
      },
    };
    this.subs.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subs].map((s) => s.close()));
    await this.client.dispose();
  }
}
