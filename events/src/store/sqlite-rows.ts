import type { RecordedEvent } from '../envelope';

/** A row of the SQLite log's `events` table. */
export interface Row {
  position: number;
  stream_id: string;
  revision: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
}

export function toRecorded(r: Row): RecordedEvent {
  return {
    streamId: r.stream_id,
    revision: r.revision,
    position: r.position,
    type: r.type,
    schemaVersion: r.schema_version,
    data: JSON.parse(r.data),
    metadata: JSON.parse(r.metadata),
  };
}

/** For inline projections, inside an append: the metadata (which they do not read) is parsed only when read. */
export function toRecordedLazy(r: Row): RecordedEvent {
  let metadata: RecordedEvent['metadata'] | undefined;
  return {
    streamId: r.stream_id,
    revision: r.revision,
    position: r.position,
    type: r.type,
    schemaVersion: r.schema_version,
    data: JSON.parse(r.data),
    get metadata() {
      return (metadata ??= JSON.parse(r.metadata));
    },
  };
}
