import { UserBadgesChanged, UserDeleted, UserEmailVerified, UserProfileEdited, UserRegistered, UserRoleChanged, type RecordedEvent } from '@modshelf/events';
import { streamEntity, type BatchContext } from './context';

/** Public user profiles. A username change re-indexes the user's projects (search hits carry the author). */
export async function userProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  if (!e.streamId.startsWith('user-')) return;
  const id = streamEntity(e.streamId);
  if (UserRegistered.is(e)) {
    const d = e.data;
    ctx.put('users', d.user_id, {
      id: d.user_id,
      username: d.username,
      bio: d.bio,
      avatar_url: d.avatar_url,
      created: d.created,
      role: d.role,
      badges: 0,
      email_verified: false,
      has_totp: false,
    });
    return;
  }
  const u = await ctx.get('users', id);
  if (!u) return;
  if (UserProfileEdited.is(e)) {
    const c = e.data.changes;
    if (c.username !== undefined && c.username !== u.username) {
      u.username = c.username;
      for (const pid of await ctx.findIds('projects', 'member', id)) ctx.touchProject(pid);
    }
    if (c.bio !== undefined) u.bio = c.bio;
    if (c.avatar_url !== undefined) u.avatar_url = c.avatar_url;
  } else if (UserRoleChanged.is(e)) {
    u.role = e.data.role;
  } else if (UserBadgesChanged.is(e)) {
    u.badges = e.data.badges;
  } else if (UserEmailVerified.is(e)) {
    u.email_verified = true;
  } else if (e.type === 'UserEmailChanged') {
    u.email_verified = false;
  } else if (e.type === 'TwoFactorEnabled' || e.type === 'TwoFactorDisabled') {
    u.has_totp = e.type === 'TwoFactorEnabled';
  } else if (UserDeleted.is(e)) {
    ctx.delete('users', id);
    for (const pid of await ctx.findIds('projects', 'member', id)) ctx.touchProject(pid);
    for (const fid of await ctx.findIds('follows', 'user', id)) {
      const f = await ctx.get('follows', fid);
      ctx.delete('follows', fid);
      const p = f ? await ctx.get('projects', f.project_id) : null;
      if (p) {
        p.followers = Math.max(0, p.followers - 1);
        ctx.put('projects', p.id, p);
      }
    }
    return;
  } else return;
  ctx.put('users', id, u);
}
