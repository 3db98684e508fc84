import { InvalidInput, PayloadTooLarge, Unauthorized } from '@modshelf/contract';
import { editUser, keyParam as userParam } from '@modshelf/contract/v2';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GRANTABLE_BADGES, isId, type AccountRecord, type Actor } from '@modshelf/events';
import { invalidInput, notFound, requireScope, setSessionCookie } from '@modshelf/service-kit';
import { loadUser, runUser, type AccountDeps } from './support';
import { conflictToInput, correlationOf } from './http';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES: Record<string, { ext: string; magic: (b: Buffer) => boolean }> = {
  'image/png': { ext: 'png', magic: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/jpeg': { ext: 'jpg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/gif': { ext: 'gif', magic: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  'image/webp': { ext: 'webp', magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
};
const EXT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export const avatarDir = (deps: AccountDeps) => join(deps.dataDir, 'avatars');

/** The account named by id or username (case-insensitive); 404 when there is none. */
async function targetAccount(deps: AccountDeps, idOrName: string): Promise<AccountRecord> {
  const account = (isId(idOrName) ? await deps.credentials.getAccount(idOrName) : null) ?? (await deps.credentials.findByUsername(idOrName));
  if (!account) throw notFound('User not found');
  return account;
}

/** Users edit themselves; admins may edit anyone. Others get 401 as Modrinth answers. */
function requireSelfOrAdmin(actor: Actor, target: AccountRecord, what: string): void {
  if (actor.userId !== target.userId && actor.role !== 'admin') {
    throw new Unauthorized(`You do not have permission to ${what} this user!`);
  }
}

async function readBody(body: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  if (body && typeof (body as AsyncIterable<Buffer>)[Symbol.asyncIterator] === 'function') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of body as AsyncIterable<Buffer>) {
      size += c.length;
      if (size > AVATAR_MAX_BYTES) throw new PayloadTooLarge('The avatar may be up to 2 MiB');
      chunks.push(Buffer.from(c));
    }
    return Buffer.concat(chunks);
  }
  throw new InvalidInput('Send the image bytes as the request body with an image content type', { code: 'invalid_image' });
}

function removeAvatarFiles(deps: AccountDeps, userId: string, keep?: string): void {
  try {
    for (const f of readdirSync(avatarDir(deps))) if (f.startsWith(`${userId}-`) && f !== keep) unlinkSync(join(avatarDir(deps), f));
  } catch {
    /* no folder yet */
  }
}

export function registerProfileRoutes(
  app: FastifyInstance,
  deps: AccountDeps,
  onUserDeleted: (userId: string, request: FastifyRequest) => Promise<void>,
): void {
  mkdirSync(avatarDir(deps), { recursive: true });

  app.patch('/v2/user/:id', async (request, reply) => {
    const actor = requireScope(request, 'USER_WRITE');
    const { id } = userParam.parse(request.params);
    const body = editUser.parse(request.body ?? {});
    const target = await targetAccount(deps, id);
    requireSelfOrAdmin(actor, target, 'edit');
    if (body.role !== undefined && body.role !== target.role) {
      if (actor.role !== 'admin') throw new Unauthorized('You do not have the permissions to edit the role of this user!');
    }
    if (body.badges !== undefined && actor.role !== 'admin') throw new Unauthorized('You do not have the permissions to edit the badges of this user!');
    if (body.badges !== undefined && (body.badges & ~GRANTABLE_BADGES) !== 0) throw invalidInput('badges: only the grantable badge bits (2 to 64) may be set');
    const renamed = body.username !== undefined && body.username !== target.username;
    if (renamed) await deps.credentials.setUsername(target.userId, body.username!).catch(conflictToInput);
    try {
      await runUser(deps, target.userId, { type: 'EditProfile', changes: { username: body.username, bio: body.bio } }, actor.userId, correlationOf(request));
    } catch (err) {
      if (renamed) await deps.credentials.setUsername(target.userId, target.username);
      throw err;
    }
    if (body.role !== undefined && body.role !== target.role) {
      await runUser(deps, target.userId, { type: 'ChangeRole', role: body.role }, actor.userId, correlationOf(request));
      await deps.credentials.setRole(target.userId, body.role);
    }
    if (body.badges !== undefined) await runUser(deps, target.userId, { type: 'SetBadges', badges: body.badges }, actor.userId, correlationOf(request));
    return reply.status(204).send();
  });

  app.register(async (scope) => {
    for (const type of Object.keys(IMAGE_TYPES)) {
      if (!scope.hasContentTypeParser(type))
        scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_req, body, done) => done(null, body));
    }
    scope.patch('/v2/user/:id/icon', { bodyLimit: AVATAR_MAX_BYTES }, async (request, reply) => {
      const actor = requireScope(request, 'USER_WRITE');
      const { id } = userParam.parse(request.params);
      const target = await targetAccount(deps, id);
      requireSelfOrAdmin(actor, target, 'edit');
      const ext = String((request.query as Record<string, unknown>).ext ?? '').toLowerCase();
      const ctype = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase();
      const type = IMAGE_TYPES[ctype] ? ctype : EXT_TYPES[ext];
      if (!type) throw new InvalidInput('The avatar must be a png, jpeg, gif or webp image', { code: 'invalid_image' });
      const bytes = await readBody(request.body);
      if (bytes.length === 0) throw new InvalidInput('The image is empty', { code: 'invalid_image' });
      if (bytes.length > AVATAR_MAX_BYTES) throw new PayloadTooLarge('The avatar may be up to 2 MiB');
      if (!IMAGE_TYPES[type].magic(bytes)) throw new InvalidInput(`The file is not a valid ${IMAGE_TYPES[type].ext} image`, { code: 'invalid_image' });
      const file = `${target.userId}-${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}.${IMAGE_TYPES[type].ext}`;
      const tmp = join(avatarDir(deps), `.${file}.tmp`);
      writeFileSync(tmp, bytes);
      renameSync(tmp, join(avatarDir(deps), file));
      const url = `${deps.publicUrl.replace(/\/+$/, '')}/_avatars/${file}`;
      try {
        await runUser(deps, target.userId, { type: 'EditProfile', changes: { avatar_url: url } }, actor.userId, correlationOf(request));
      } catch (err) {
        removeAvatarFiles(deps, target.userId, (await loadUser(deps.store, target.userId)).avatarUrl?.split('/').pop());
        throw err;
      }
      removeAvatarFiles(deps, target.userId, file);
      return reply.status(204).send();
    });
  });

  app.delete('/v2/user/:id/icon', async (request, reply) => {
    const actor = requireScope(request, 'USER_WRITE');
    const { id } = userParam.parse(request.params);
    const target = await targetAccount(deps, id);
    requireSelfOrAdmin(actor, target, 'edit');
    await runUser(deps, target.userId, { type: 'EditProfile', changes: { avatar_url: null } }, actor.userId, correlationOf(request));
    removeAvatarFiles(deps, target.userId);
    return reply.status(204).send();
  });

  app.get('/_avatars/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!/^[0-9A-Za-z]{8}-[0-9a-f]{16}\.(png|jpg|gif|webp)$/.test(file)) throw notFound();
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(avatarDir(deps), file));
    } catch {
      throw notFound();
    }
    const ext = file.split('.').pop()!;
    return reply
      .header('content-type', EXT_TYPES[ext])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });

  /**
   * Deleting an account forgets its personal data: the vault rows (e-mail,
   * password hash, tokens, 2FA, tickets), the avatar file and billing details go;
   * the log keeps only the UserDeleted fact and the public profile history.
   */
  app.delete('/v2/user/:id', async (request, reply) => {
    const actor = requireScope(request, 'USER_DELETE');
    const { id } = userParam.parse(request.params);
    const target = await targetAccount(deps, id);
    requireSelfOrAdmin(actor, target, 'delete');
    const state = await loadUser(deps.store, target.userId);
    if (!state.exists || state.deleted) throw notFound('User not found');
    await runUser(deps, target.userId, { type: 'Delete' }, actor.userId, correlationOf(request));
    await onUserDeleted(target.userId, request);
    await deps.credentials.deleteAccount(target.userId);
    removeAvatarFiles(deps, target.userId);
    if (actor.userId === target.userId) setSessionCookie(request, reply, null);
    return reply.status(204).send();
  });
}
