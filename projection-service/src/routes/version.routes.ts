import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { hashAlgorithm, hashesBody, updateBody } from '@modshelf/contract/v2';
import { invalidInput } from '@modshelf/service-kit';
import { sha512Key } from '../read-model/collections';
import type { ProjectDoc, UserDoc, VersionDoc } from '../read-model/documents';
import { LISTED_VERSION_STATUSES, PUBLIC_VERSION_STATUSES } from '../views/derive';
import { deriveVersionList, listedVersionView, sortNewestFirst, versionView } from '../views/version.view';
import { canReadProject, canReadVersion, jsonStringArray, versionNotFound, type QueryDeps, type Reader } from './context';
import { minPositionWait, readerWith } from './http';

/** Modrinth's default: 128 or more characters is sha512, otherwise sha1. */
function algorithmFor(hash: string, given: unknown): 'sha1' | 'sha512' {
  if (given === undefined || given === '') return hash.length >= 128 ? 'sha512' : 'sha1';
  const r = hashAlgorithm.safeParse(given);
  if (!r.success) throw invalidInput(`invalid algorithm '${String(given)}': use sha1 or sha512`);
  return r.data;
}

export function registerVersionRoutes(app: FastifyInstance, deps: QueryDeps): void {
  const rm = () => deps.projections.storage.readModels;
  const preHandler = minPositionWait(deps);

  async function readable(v: VersionDoc | null, actor: Reader | null): Promise<{ v: VersionDoc; p: ProjectDoc } | null> {
    if (!v) return null;
    const p = await rm().get('projects', v.project_id);
    return p && canReadVersion(v, p, actor) ? { v, p } : null;
  }

  /** The version with the spec's derived fields, computed against its project's version list. */
  async function withDerived(v: VersionDoc, p: ProjectDoc) {
    const siblings = sortNewestFirst(
      (await rm().getMany('versions', await rm().findIds('versions', 'project', v.project_id))).filter(
        (x) => x.id === v.id || LISTED_VERSION_STATUSES.includes(x.status),
      ),
    );
    const users = new Map<string, UserDoc>((await rm().getMany('users', [v.author_id])).map((u) => [u.id, u]));
    return listedVersionView(v, deriveVersionList(siblings, users).get(v.id), { project: p });
  }

  app.get<{ Params: { id: string } }>('/v2/version/:id', { preHandler }, async (req) => {
    const hit = await readable(await rm().get('versions', req.params.id), await readerWith(deps, req, 'VERSION_READ'));
    if (!hit) throw versionNotFound();
    return withDerived(hit.v, hit.p);
  });

  app.get<{ Querystring: Record<string, string> }>('/v2/versions', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'VERSION_READ');
    const out = [];
    for (const v of await rm().getMany('versions', [...new Set(jsonStringArray(req.query.ids, 'ids'))])) {
      const r = await readable(v, actor);
      if (r) out.push(versionView(v, { project: r.p }));
    }
    return out;
  });

  /** Readable versions holding a file with this hash, newest first. */
  async function versionsByHash(hash: string, algorithm: 'sha1' | 'sha512', actor: Reader | null) {
    const full = hash.toLowerCase();
    const ids = await rm().findIds('versions', algorithm, algorithm === 'sha512' ? sha512Key(full) : full);
    const out: Array<{ v: VersionDoc; p: ProjectDoc }> = [];
    for (const v of await rm().getMany('versions', ids)) {
      if (!v.files.some((f) => f.hashes[algorithm] === full)) continue;
      const r = await readable(v, actor);
      if (r) out.push(r);
    }
    return out.sort((a, b) => Date.parse(b.v.date_published) - Date.parse(a.v.date_published));
  }

  app.get<{ Params: { hash: string }; Querystring: Record<string, string> }>('/v2/version_file/:hash', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'VERSION_READ');
    const found = await versionsByHash(req.params.hash, algorithmFor(req.params.hash, req.query.algorithm), actor);
    const pick = req.query.version_id ? found.find((f) => f.v.id === req.query.version_id) : found[0];
    if (!pick) throw versionNotFound();
    return versionView(pick.v, { project: pick.p });
  });

  type Filters = z.infer<typeof updateBody>;
  /** Newest version of the project matching the filters; `emptyMatchesNothing` per Modrinth's single-hash route. */
  async function latestMatching(p: ProjectDoc, f: Filters, emptyMatchesNothing: boolean): Promise<VersionDoc | null> {
    const anyOf = (list: string[] | undefined, values: string[]) =>
      list === undefined || (list.length === 0 ? !emptyMatchesNothing : values.some((x) => list.includes(x)));
    const candidates = sortNewestFirst(await rm().getMany('versions', await rm().findIds('versions', 'project', p.id))).filter(
      (v) => anyOf(f.loaders, v.loaders) && anyOf(f.game_versions, v.game_versions) && anyOf(f.version_types, [v.version_type]),
    );
    const newest = candidates[0];
    if (!newest) return null;
    if (emptyMatchesNothing) return PUBLIC_VERSION_STATUSES.includes(newest.status) ? newest : null; // newest hidden: 404
    return candidates.find((v) => PUBLIC_VERSION_STATUSES.includes(v.status)) ?? null;
  }

  app.post<{ Params: { hash: string }; Querystring: Record<string, string> }>('/v2/version_file/:hash/update', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'VERSION_READ');
    const filters = updateBody.parse(req.body ?? {});
    const found = await versionsByHash(req.params.hash, algorithmFor(req.params.hash, req.query.algorithm), actor);
    const pick = req.query.version_id ? found.find((f) => f.v.id === req.query.version_id) : found[0];
    if (!pick) throw versionNotFound();
    const latest = await latestMatching(pick.p, filters, true);
    if (!latest) throw versionNotFound();
    return versionView(latest, { project: pick.p });
  });

  app.post('/v2/version_files', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'VERSION_READ');
    const body = hashesBody.parse(req.body ?? {});
    const out: Record<string, unknown> = {};
    for (const hash of body.hashes) {
      const found = await versionsByHash(hash, body.algorithm ?? algorithmFor(hash, undefined), actor);
      if (found[0]) out[hash] = versionView(found[0].v, { project: found[0].p });
    }
    return out;
  });

  app.post('/v2/version_files/update', { preHandler }, async (req) => {
    const actor = await readerWith(deps, req, 'VERSION_READ');
    const body = hashesBody.extend(updateBody.shape).parse(req.body ?? {});
    const out: Record<string, unknown> = {};
    for (const hash of body.hashes) {
      const found = await versionsByHash(hash, body.algorithm ?? algorithmFor(hash, undefined), actor);
      const listed = found.find((f) => canReadProject(f.p, null));
      if (!listed) continue;
      const latest = await latestMatching(listed.p, body, false);
      if (latest) out[hash] = versionView(latest, { project: listed.p });
    }
    return out;
  });
}
