import { eventDefinition, type DecidedEvent, type RecordedEvent } from '@modshelf/events';
import { expect } from 'vitest';
import type { Decider } from '../../kernel/decider';
import { fold } from '../../kernel/decider';
import { DomainError, type ErrorKind } from '@modshelf/contract';

/** Test-only: decided events as if read back from a stream. */
export function recorded(events: DecidedEvent[], streamId = 'test-1'): RecordedEvent[] {
  return events.map((e, i) => ({
    type: e.type,
    data: e.data,
    schemaVersion: eventDefinition(e.type)?.version ?? 1,
    metadata: { eventId: `e${i}`, commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: '2026-01-01T00:00:00.000Z' },
    streamId,
    revision: i,
    position: i + 1,
  }));
}

/** given(events).when(command) -> then events / then error. */
export function given<C, S>(decider: Decider<C, S>, events: DecidedEvent[], streamId?: string) {
  const state = fold(decider, recorded(events, streamId));
  return {
    state,
    when(command: C) {
      return {
        then(expected: DecidedEvent[]) {
          expect(decider.decide(command, state)).toEqual(expected);
        },
        thenTypes(types: string[]) {
          expect(decider.decide(command, state).map((e) => e.type)).toEqual(types);
        },
        events: () => decider.decide(command, state),
        /** then the command is refused with a domain error of this kind (and a description matching) */
        thenError(kind: ErrorKind, match?: string | RegExp) {
          let err: unknown;
          try {
            decider.decide(command, state);
          } catch (e) {
            err = e;
          }
          expect(err, 'expected the command to be refused').toBeInstanceOf(DomainError);
          expect((err as DomainError).kind).toBe(kind);
          if (match) expect((err as DomainError).description).toMatch(match);
        },
      };
    },
  };
}
