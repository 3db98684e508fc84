import {
  NO_STREAM,
  NameReleased,
  NameReserved,
  nameStream,
  newEventId,
  toNewEvents,
  type EventMetadata,
  type EventStore,
  type NameNamespace,
  type StreamAppend,
} from '@modshelf/events';

/** A unique name a command takes or gives back, in the same unit of work as its own events. */
export interface NameClaim {
  action: 'reserve' | 'release';
  namespace: NameNamespace;
  name: string;
  owner: string;
}

/** The claims a rename makes: the new name reserved, the old one released (none when only the case changes). */
export function renameClaims(namespace: NameNamespace, owner: string, from: string | null, to: string): NameClaim[] {
  if (from !== null && from.toLowerCase() === to.toLowerCase()) return [];
  const claims: NameClaim[] = [{ action: 'reserve', namespace, name: to, owner }];
  if (from) claims.push({ action: 'release', namespace, name: from, owner });
  return claims;
}

/** Thrown when the name is held by someone else; execute turns it into the caller's error. */
export class NameTakenError extends Error {
  constructor(readonly claim: NameClaim) {
    super(`${claim.namespace} name '${claim.name}' is taken`);
    this.name = 'NameTakenError';
  }
}

/**
 * The append part that makes a claim: reserve appends NameReserved with expected revision "no stream"
 * (or the stream's revision when its last event released the name); release appends NameReleased
 * when the owner holds the name. null when there is nothing to write (already held by the owner,
 * or a name taken before reservation streams existed). Throws NameTakenError when someone else holds it.
 */
export async function claimPart(store: EventStore, claim: NameClaim, metadata: Omit<EventMetadata, 'eventId'>): Promise<StreamAppend | null> {
  const streamId = nameStream(claim.namespace, claim.name);
  const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  const holder = last && NameReserved.is(last) ? (last.data as { owner_id: string }).owner_id : null;
  const data = { owner_id: claim.owner, name: claim.name };
  const events = (e: typeof NameReserved | typeof NameReleased) => toNewEvents([e(data)], metadata, newEventId);
  if (claim.action === 'reserve') {
    if (holder === claim.owner) return null;
    if (holder !== null) throw new NameTakenError(claim);
    return { streamId, events: events(NameReserved), expected: last ? last.revision : NO_STREAM, compensation: events(NameReleased) };
  }
  if (holder !== claim.owner) return null;
  return { streamId, events: events(NameReleased), expected: last.revision, compensation: events(NameReserved) };
}
