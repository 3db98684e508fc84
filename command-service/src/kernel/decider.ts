import type { DecidedEvent, RecordedEvent } from '@modshelf/events';

/**
 * A pure decider: state is folded from the stream's events with `evolve`;
 * `decide` answers a command with new events or throws a domain error (`@modshelf/contract`).
 * No I/O, no clock, no randomness: those arrive inside the command.
 */
export interface Decider<C, S> {
  initialState: S;
  evolve(state: S, event: RecordedEvent): S;
  decide(command: C, state: S): DecidedEvent[];
}

/** Folds events into state (events are upcast before they get here). */
export function fold<S>(decider: { initialState: S; evolve(state: S, event: RecordedEvent): S }, events: RecordedEvent[]): S {
  return events.reduce((s, e) => decider.evolve(s, e), decider.initialState);
}
