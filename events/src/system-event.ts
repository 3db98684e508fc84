import type { NewEvent } from './envelope';
import { newEventId } from './ids';

/**
 * A new event with no actor, one fresh id for its event, command, correlation and causation, stamped
 * now: what the store and bus adapter contracts and the bench append.
 */
export function systemEvent(type: string, data: unknown = {}): NewEvent {
  const id = newEventId();
  return {
    type,
    schemaVersion: 1,
    data,
    metadata: { eventId: id, commandId: id, correlationId: id, causationId: id, actor: null, time: new Date().toISOString() },
  };
}
