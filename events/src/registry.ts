import { z } from 'zod';
import type { EventMetadata, NewEvent, RecordedEvent } from './envelope';

/** An event type of the catalogue: its past-tense name, current schema version and zod schema. */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  readonly type: T;
  readonly version: number;
  readonly schema: S;
  /** Builds a validated event (without metadata) for a decider to return. */
  (data: z.input<S>): DecidedEvent<T, z.output<S>>;
  /** Type guard for a recorded (already upcast) event. */
  is(event: { type: string }): event is RecordedEvent<T, z.output<S>>;
}

/** What a pure decider returns: type and data; the command handler adds metadata. */
export interface DecidedEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? RecordedEvent<T, z.output<S>> : never;
export type DataOf<D> = D extends EventDefinition<string, infer S> ? z.output<S> : never;

/** Stored data of one schema version (plain JSON, not yet validated) to the next version's. */
type Upcaster = (data: Record<string, unknown>) => unknown;

/** What the registry keeps of a definition: enough to upcast, validate and version, whatever its data type. */
export type RegisteredEvent = Pick<EventDefinition, 'type' | 'version' | 'schema'>;

const definitions = new Map<string, RegisteredEvent>();
const upcasters = new Map<string, Map<number, Upcaster>>();

export function defineEvent<T extends string, S extends z.ZodType>(type: T, version: number, schema: S): EventDefinition<T, S> {
  if (definitions.has(type)) throw new Error(`event type ${type} defined twice`);
  const make = ((data: z.input<S>) => ({ type, data: schema.parse(data) })) as EventDefinition<T, S>;
  Object.assign(make, {
    type,
    version,
    schema,
    is: (event: { type: string }) => event.type === type,
  });
  Object.defineProperty(make, 'name', { value: type });
  definitions.set(type, make);
  return make;
}

/** Registers how data of `type` at `fromVersion` becomes `fromVersion + 1`. */
export function defineUpcaster(type: string, fromVersion: number, up: Upcaster): void {
  let chain = upcasters.get(type);
  if (!chain) upcasters.set(type, (chain = new Map()));
  chain.set(fromVersion, up);
}

export function eventDefinition(type: string): RegisteredEvent | undefined {
  return definitions.get(type);
}

export function eventTypes(): string[] {
  return [...definitions.keys()].sort();
}

/** Brings a recorded event to its type's current schema version. Unknown types pass through. */
export function upcast<E extends { type: string; schemaVersion: number; data: unknown }>(event: E): E {
  const def = definitions.get(event.type);
  if (!def || event.schemaVersion >= def.version) return event;
  let data = event.data;
  let v = event.schemaVersion;
  const chain = upcasters.get(event.type);
  while (v < def.version) {
    const up = chain?.get(v);
    if (!up) throw new Error(`no upcaster for ${event.type} v${v}`);
    data = up(data as Record<string, unknown>);
    v += 1;
  }
  return { ...event, data: def.schema.parse(data), schemaVersion: v };
}

/** Wraps decided events with the schema version and metadata for appending. */
export function toNewEvents(decided: DecidedEvent[], metadata: Omit<EventMetadata, 'eventId'>, newEventId: () => string): NewEvent[] {
  return decided.map((d) => {
    const def = definitions.get(d.type);
    if (!def) throw new Error(`unknown event type ${d.type}`);
    return {
      type: d.type,
      schemaVersion: def.version,
      data: def.schema.parse(d.data),
      metadata: { ...metadata, eventId: newEventId() },
    };
  });
}
