import { CollectionCreated, CollectionDeleted, CollectionEdited, CollectionIconChanged, type DecidedEvent, type RecordedEvent } from '@modshelf/events';
import { conflict, notFound, unauthorized } from '@modshelf/contract';
import type { Decider } from '../kernel/decider';
import { isStaff, type CommandActor } from '../catalogue/actor';

export type CollectionStatus = 'listed' | 'unlisted' | 'private' | 'rejected';

export interface CollectionState {
  exists: boolean;
  deleted: boolean;
  collection_id: string;
  user_id: string;
  name: string;
  description: string | null;
  status: CollectionStatus;
  projects: string[];
  icon_url: string | null;
  color: number | null;
}

export const initialCollectionState: CollectionState = {
  exists: false,
  deleted: false,
  collection_id: '',
  user_id: '',
  name: '',
  description: null,
  status: 'listed',
  projects: [],
  icon_url: null,
  color: null,
};

export interface CollectionChanges {
  name?: string;
  description?: string | null;
  status?: CollectionStatus;
  /** the new project list (replaces the old one, as Modrinth's `new_projects`) */
  projects?: string[];
}

export type CollectionCommand =
  | { kind: 'create'; actor: CommandActor; collection_id: string; name: string; description: string | null; projects: string[] }
  | { kind: 'edit'; actor: CommandActor; changes: CollectionChanges }
  | { kind: 'set-icon'; actor: CommandActor; icon_url: string | null; color: number | null }
  | { kind: 'delete'; actor: CommandActor };

export const collectionNotFound = () => notFound('Collection not found');

export function evolveCollection(s: CollectionState, e: RecordedEvent): CollectionState {
  if (CollectionCreated.is(e)) {
    const d = e.data;
    return {
      ...s,
      exists: true,
      collection_id: d.collection_id,
      user_id: d.user_id,
      name: d.name,
      description: d.description,
      status: d.status,
      projects: d.projects,
    };
  }
  if (CollectionEdited.is(e)) {
    const defined = Object.fromEntries(Object.entries(e.data.changes).filter(([, v]) => v !== undefined));
    return { ...s, ...defined };
  }
  if (CollectionIconChanged.is(e)) return { ...s, icon_url: e.data.icon_url, color: e.data.color };
  if (CollectionDeleted.is(e)) return { ...s, deleted: true };
  return s;
}

/** Private collections are seen by their owner and staff only; everyone else gets 404. */
export function canSeeCollection(s: CollectionState, actor: CommandActor | null): boolean {
  if (!s.exists || s.deleted) return false;
  if (s.status === 'listed' || s.status === 'unlisted') return true;
  return !!actor && (actor.userId === s.user_id || isStaff(actor));
}

function requireOwner(s: CollectionState, actor: CommandActor, message: string): void {
  if (!canSeeCollection(s, actor)) throw collectionNotFound();
  if (actor.userId !== s.user_id && !isStaff(actor)) throw unauthorized(message);
}

const dedupe = (ids: string[]) => [...new Set(ids)];

export function decideCollection(c: CollectionCommand, s: CollectionState): DecidedEvent[] {
  switch (c.kind) {
    case 'create': {
      if (s.exists) throw conflict('This collection already exists');
      return [
        CollectionCreated({
          collection_id: c.collection_id,
          user_id: c.actor.userId,
          name: c.name,
          description: c.description,
          status: 'listed',
          projects: dedupe(c.projects),
        }),
      ];
    }
    case 'edit': {
      requireOwner(s, c.actor, 'You do not have permission to edit this collection!');
      const ch = c.changes;
      if (ch.status !== undefined && ch.status !== s.status && !isStaff(c.actor)) {
        if (ch.status === 'rejected' || s.status === 'rejected') {
          throw unauthorized('You do not have permission to set this status!');
        }
      }
      const changes: CollectionChanges = {};
      if (ch.name !== undefined && ch.name !== s.name) changes.name = ch.name;
      if (ch.description !== undefined && ch.description !== s.description) changes.description = ch.description;
      if (ch.status !== undefined && ch.status !== s.status) changes.status = ch.status;
      if (ch.projects !== undefined) {
        const next = dedupe(ch.projects);
        if (next.length !== s.projects.length || next.some((p, i) => p !== s.projects[i])) changes.projects = next;
      }
      return Object.keys(changes).length ? [CollectionEdited({ changes })] : [];
    }
    case 'set-icon': {
      requireOwner(s, c.actor, 'You do not have permission to edit this collection!');
      if (s.icon_url === c.icon_url && s.color === c.color) return [];
      return [CollectionIconChanged({ icon_url: c.icon_url, color: c.color })];
    }
    case 'delete': {
      requireOwner(s, c.actor, 'You do not have permission to delete this collection!');
      return [CollectionDeleted({ collection_id: s.collection_id })];
    }
  }
}

export const collectionDecider: Decider<CollectionCommand, CollectionState> = {
  initialState: initialCollectionState,
  evolve: evolveCollection,
  decide: decideCollection,
};
