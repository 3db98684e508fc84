import type {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  Subscription,
} from '@modshelf/events';

/**
 * An EventStore decorator for the command side: keeps the events of recently
 * used streams (LRU) and, when a whole stream is read, fetches only the events
 * after the cached prefix. Recorded events never change, so a cached prefix is
 * always valid; the tail always comes from the store, so nothing appended by
 * anyone (this process or another) is missed. Everything else passes through.
 */
export class StreamCachingStore implements EventStore {
  private readonly cache = new Map<string, { events: RecordedEvent[]; bytes: number }>();
  private bytes = 0;

  /** Bounded by stream count and by the approximate size of the cached events' data (default 64 MB). */
  constructor(
    readonly inner: EventStore,
    private readonly maxStreams = 5000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** Approximate bytes held (tests, metrics). */
  get size(): { streams: number; bytes: number } {
    return { streams: this.cache.size, bytes: this.bytes };
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    if (options && (options.direction === 'backwards' || options.fromRevision !== undefined || options.maxCount !== undefined)) {
      return this.inner.readStream(streamId, options);
    }
    const entry = this.cache.get(streamId);
    const cached = entry?.events ?? [];
    const tail = await this.inner.readStream(streamId, { fromRevision: cached.length });
    // the store answers revisions in order from fromRevision; anything else means the cache cannot be trusted
    const contiguous = tail.every((e, i) => e.revision === cached.length + i);
    const events = contiguous ? (tail.length ? cached.concat(tail) : cached) : await this.inner.readStream(streamId);
    const bytes = contiguous && entry ? entry.bytes + weigh(tail) : weigh(events);
    if (entry) {
      this.cache.delete(streamId);
      this.bytes -= entry.bytes;
    }
    if (events.length && bytes <= this.maxBytes / 4) {
      this.cache.set(streamId, { events, bytes });
      this.bytes += bytes;
    }
    while (this.cache.size > this.maxStreams || this.bytes > this.maxBytes) {
      const [oldest, e] = this.cache.entries().next().value as [string, { bytes: number }];
      this.cache.delete(oldest);
      this.bytes -= e.bytes;
    }
    return events.slice();
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, events, expected);
  }
  appendGrouped(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.appendGrouped ? this.inner.appendGrouped(streamId, events, expected) : this.inner.append(streamId, events, expected);
  }
  appendMulti(parts: StreamAppend[]): Promise<AppendResult[]> {
    return this.inner.appendMulti(parts);
  }
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }
  streamRevision(streamId: string): Promise<number> {
    return this.inner.streamRevision(streamId);
  }
  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }
  subscribeAll(after: number, handler: EventHandler, onError?: (err: unknown) => void): Subscription {
    return this.inner.subscribeAll(after, handler, onError);
  }
  /** The decorated store belongs to the composer: closing the cache only forgets it. */
  async close(): Promise<void> {
    this.cache.clear();
    this.bytes = 0;
  }
}

/** Approximate size of events: their data as JSON plus a fixed overhead each. */
function weigh(events: RecordedEvent[]): number {
  let n = 0;
  for (const e of events) n += JSON.stringify(e.data).length + 400;
  return n;
}
