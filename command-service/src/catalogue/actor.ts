import type { Actor } from '@modshelf/events';

/** The part of an actor a decider needs (deciders stay pure and small). */
export interface CommandActor {
  userId: string;
  role: Actor['role'];
}

export const isStaff = (actor: { role: string }) => actor.role === 'moderator' || actor.role === 'admin';

export const toCommandActor = (a: Actor): CommandActor => ({ userId: a.userId, role: a.role });
