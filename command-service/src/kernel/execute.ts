import {
  NO_STREAM,
  WrongExpectedRevisionError,
  newEventId,
  toNewEvents,
  upcast,
  type DecidedEvent,
  type EventStore,
  type StreamAppend,
  type RecordedEvent,
} from '@modshelf/events';
import { DomainError, conflict } from '@modshelf/contract';
import type { Decider } from './decider';
import { keptState, loadState, rememberState } from './state-cache';
import { claimPart, NameTakenError, type NameClaim } from './names';

/** Unique names a command's events take or give back (reserved in the same unit of work as the events). */
export interface NameRules<S> {
  claims(decided: DecidedEvent[], before: S): NameClaim[];
  /** the answer when another owner holds the name (Modrinth's 400) */
  taken(claim: NameClaim): Error;
}

export interface CommandContext {
  commandId: string;
  correlationId: string;
  causationId: string;
  actor: string | null;
  time: string;
}

export interface CommandResult<S> {
  /** the events written (empty when the command changed nothing) */
  events: RecordedEvent[];
  /** state after the command */
  state: S;
  /** stream revision after the command */
  revision: number;
  /** log position reached (for read-your-writes) */
  position: number;
}

export const MAX_CONFLICT_RETRIES = 5;

export interface ExecuteHooks {
  /**
   * Runs once the command is decided and has events, before they are appended (on each attempt): e.g.
   * commit the uploaded files a new version names, so only accepted commands keep their uploads.
   */
  beforeAppend?: (decided: DecidedEvent[]) => Promise<void>;
  /**
   * Append through the store's group commit when it has one (`appendGrouped`): many concurrent commands, one
   * transaction. The catalogue's commands use it; commands serialised by a lock across replicas (payouts,
   * billing) keep one transaction each.
   */
  group?: boolean;
}

export function newCommandContext(actor: string | null, correlationId?: string): CommandContext {
  const commandId = newEventId();
  return { commandId, correlationId: correlationId ?? commandId, causationId: commandId, actor, time: new Date().toISOString() };
}

export async function loadStream(store: EventStore, streamId: string): Promise<{ events: RecordedEvent[]; revision: number }> {
  const events = (await store.readStream(streamId)).map(upcast);
  return { events, revision: events.length ? events[events.length - 1].revision : NO_STREAM };
}

/**
 * Loads the stream's state (folded, kept between commands: `loadState`), decides, and appends with the expected revision.
 * A concurrent writer makes the append fail; the command is then re-decided on
 * the fresh state, a bounded number of times, and finally answered 409.
 * With `names`, the reservation streams of the names the events take or give back are appended
 * in the same unit of work (appendMulti); losing a race for a name re-decides, and the next
 * attempt finds the name held: `names.taken`.
 */
export async function execute<C, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, S>,
  command: C,
  ctx: CommandContext,
  names?: NameRules<S>,
  hooks: ExecuteHooks = {},
): Promise<CommandResult<S>> {
  // the first attempt decides on the state this process kept, without reading the stream: an append expecting its
  // revision succeeds only if nothing was appended since, so a success is decided on the current state. Anything
  // else (a refusal, no change, a conflict) is decided again on the stream read from the store.
  let kept = keptState(store, streamId, decider);
  for (let attempt = 0; ;) {
    const { state, revision } = kept ?? (await loadState(store, streamId, decider));
    const optimistic = kept !== null;
    kept = null;
    let decided: DecidedEvent[];
    try {
      decided = decider.decide(command, state);
    } catch (err) {
      if (optimistic) continue;
      throw err;
    }
    if (decided.length === 0) {
      if (optimistic) continue;
      return { events: [], state, revision, position: await store.headPosition() };
    }
    await hooks.beforeAppend?.(decided);
    const metadata = { commandId: ctx.commandId, correlationId: ctx.correlationId, causationId: ctx.causationId, actor: ctx.actor, time: ctx.time };
    const toAppend = toNewEvents(decided, metadata, newEventId);
    try {
      const claims: StreamAppend[] = [];
      for (const claim of names?.claims(decided, state) ?? []) {
        const part = await claimPart(store, claim, metadata).catch((err: unknown) => {
          throw err instanceof NameTakenError ? names!.taken(err.claim) : err;
        });
        if (part) claims.push(part);
      }
      const result = claims.length
        ? (await store.appendMulti([...claims, { streamId, events: toAppend, expected: revision }]))[claims.length]
        : await (hooks.group && store.appendGrouped ? store.appendGrouped(streamId, toAppend, revision) : store.append(streamId, toAppend, revision));
      const recorded: RecordedEvent[] = toAppend.map((e, i) => ({
        ...e,
        streamId,
        revision: revision + 1 + i,
        position: result.position - (toAppend.length - 1 - i),
      }));
      const next = recorded.reduce((s, e) => decider.evolve(s, e), state);
      rememberState(store, streamId, decider.evolve, next, result.nextRevision);
      return { events: recorded, state: next, revision: result.nextRevision, position: result.position };
    } catch (err) {
      // the kept state was behind (a conflict, or a name refused on it): read the stream and decide again, at once
      if (optimistic && (err instanceof WrongExpectedRevisionError || err instanceof DomainError)) continue;
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
      if (attempt >= MAX_CONFLICT_RETRIES) {
        throw conflict(`${streamId} was changed by someone else ${attempt + 1} times while this command ran; try again`);
      }
      attempt++;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}
