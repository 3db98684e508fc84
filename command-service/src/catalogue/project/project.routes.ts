import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { newId } from '@modshelf/events';
import { invalidInput } from '@modshelf/service-kit';
import type { StagedBlob } from '../../blobs/blob-store';
import { toCommandActor } from '../actor';
import type { CatalogueContext } from '../context';
import { DATA_PART_LIMIT, IMAGE_TYPES, imageExt, noContent, parseJsonField, readSmallPart, stageOrReject, withPosition, commandContext } from '../http';
import { requireScopes } from '../actor.hook';
import { checkCategories, licenseOf, type ProjectType } from '../tag-rules';
import type { EditProject } from './project.commands';
import { bulkEditInput, createProjectInput, editProjectInput, idsParam, type CreateProjectInput, type EditProjectInput } from '@modshelf/contract/v2';
import { toDonationUrls } from './project.inputs';
import { projectJson } from './project.json.js';
import { loadProject, resolveProjectRef, runProjectCommand } from './project.service';
import { projectDecider } from './project.decider';
import type { GalleryImage, ProjectFields } from './project.state';
import { publishInitialVersions, type UploadedFile } from '../version/version.service';
import { imageUrl, registerProjectImageRoutes } from './project-images.routes';

type IdParams = { id: string };

async function requireSlugFree(ctx: CatalogueContext, slug: string, self: string | null): Promise<void> {
  const holder = await ctx.lookup.projectSlugOwner(slug);
  if (holder && holder !== self) throw invalidInput("Slug collides with other project's id or slug!");
}

function fieldsFromCreate(d: CreateProjectInput, type: ProjectType): ProjectFields {
  checkCategories(type, d.categories, 'categories');
  checkCategories(type, d.additional_categories, 'additional_categories');
  if (d.additional_categories.some((c) => d.categories.includes(c))) {
    throw invalidInput('additional_categories must not repeat the featured categories');
  }
  return {
    slug: d.slug,
    title: d.title,
    description: d.description,
    body: d.body,
    categories: d.categories,
    additional_categories: d.additional_categories,
    license: licenseOf(d.license_id, d.license_url),
    client_side: d.client_side,
    server_side: d.server_side,
    issues_url: d.issues_url ?? null,
    source_url: d.source_url ?? null,
    wiki_url: d.wiki_url ?? null,
    discord_url: d.discord_url ?? null,
    donation_urls: toDonationUrls(d.donation_urls ?? []),
    requested_status: d.requested_status === undefined ? 'approved' : d.requested_status,
    moderator_message: null,
    monetization_status: 'monetized',
  };
}

/** PATCH body -> plain changes plus the ones that need the current state. */
export function editCommandParts(d: EditProjectInput): Pick<EditProject, 'changes' | 'derive' | 'status'> {
  const changes: Partial<ProjectFields> = {};
  const copy = [
    'slug',
    'title',
    'description',
    'body',
    'issues_url',
    'source_url',
    'wiki_url',
    'discord_url',
    'client_side',
    'server_side',
    'requested_status',
    'monetization_status',
  ] as const;
  for (const k of copy) if (d[k] !== undefined) (changes as Record<string, unknown>)[k] = d[k];
  if (d.donation_urls !== undefined) changes.donation_urls = toDonationUrls(d.donation_urls);
  if (d.moderation_message !== undefined) changes.moderator_message = d.moderation_message;
  if (d.moderation_message_body !== undefined) changes.moderator_message_body = d.moderation_message_body;
  const needsState = d.categories !== undefined || d.additional_categories !== undefined || d.license_id !== undefined || d.license_url !== undefined;
  const derive = needsState
    ? (current: ProjectFields, type: ProjectType): Partial<ProjectFields> => {
        const out: Partial<ProjectFields> = {};
        if (d.categories !== undefined) {
          checkCategories(type, d.categories, 'categories');
          out.categories = d.categories;
        }
        if (d.additional_categories !== undefined) {
          checkCategories(type, d.additional_categories, 'additional_categories');
          out.additional_categories = d.additional_categories;
        }
        if (d.license_id !== undefined || d.license_url !== undefined) {
          out.license = licenseOf(d.license_id ?? current.license.id, d.license_url === undefined ? current.license.url : d.license_url);
        }
        return out;
      }
    : undefined;
  return { changes, derive, status: d.status };
}

interface StagedPart {
  staged: StagedBlob;
  filename: string;
  mimetype: string;
}

export function registerProjectRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  // POST /v2/project: multipart `data` (CreatableProject) + optional `icon`, gallery items and initial version files.
  app.post('/v2/project', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_CREATE');
    const staged = new Map<string, StagedPart>();
    try {
      let data: CreateProjectInput | null = null;
      let fields: ProjectFields | null = null;
      let type: ProjectType = 'mod';
      const galleryParts = new Set<string>();
      const accept = async (raw: unknown) => {
        data = createProjectInput.parse(raw);
        type = data.project_type === 'behaviorpack' ? 'mod' : data.project_type;
        fields = fieldsFromCreate(data, type);
        for (const g of data.gallery_items ?? []) galleryParts.add(g.item);
        await requireSlugFree(ctx, data.slug, null);
      };
      if (!request.isMultipart()) {
        // convenience for clients that send the `data` object alone as JSON
        await accept(request.body);
      } else {
        for await (const part of request.parts({ limits: ctx.multipartLimits, preservePath: true })) {
          if (part.type === 'field') {
            if (part.fieldname !== 'data') continue;
            if (data) throw invalidInput('Only one `data` field is allowed');
            await accept(parseJsonField(part.value, 'data'));
          } else if (part.fieldname === 'data' && !data) {
            await accept(parseJsonField(await readSmallPart(part.file, DATA_PART_LIMIT, 'data'), 'data'));
          } else {
            if (!data) throw invalidInput('`data` field must come before file fields');
            if (staged.has(part.fieldname)) throw invalidInput(`Duplicate multipart field '${part.fieldname}'`);
            const isImage = part.fieldname === 'icon' || galleryParts.has(part.fieldname);
            const limit = part.fieldname === 'icon' ? ctx.maxIconBytes : isImage ? ctx.maxImageBytes : ctx.maxFileBytes;
            const blob = await stageOrReject(ctx.blobs, part.file, limit, `'${part.filename}'`);
            staged.set(part.fieldname, { staged: blob, filename: part.filename, mimetype: part.mimetype });
          }
        }
      }
      if (!data || !fields) throw invalidInput('Missing `data` field');
      const d = data as CreateProjectInput;
      const projectId = newId();
      const published = ctx.now().toISOString();

      let icon: { icon_url: string; color: null } | undefined;
      const iconPart = staged.get('icon');
      if (iconPart) {
        const ext = imageExt(iconPart.filename, iconPart.mimetype);
        if (!ext) throw invalidInput('The icon must be a png, jpg, jpeg, bmp, gif, webp, svg, svgz or rgb image');
        icon = { icon_url: imageUrl(ctx, projectId, 'icons', iconPart.staged.sha512, ext), color: null };
      }
      const gallery: GalleryImage[] = [];
      for (const g of d.gallery_items ?? []) {
        const part = staged.get(g.item);
        if (!part) throw invalidInput(`Gallery item '${g.item}' has no file part`);
        const ext = imageExt(part.filename, part.mimetype);
        if (!ext) throw invalidInput(`Gallery item '${g.item}' is not an image`);
        const url = imageUrl(ctx, projectId, 'images', part.staged.sha512, ext);
        gallery.push({
          url,
          raw_url: url,
          featured: g.featured,
          title: g.title ?? null,
          description: g.description ?? null,
          ordering: g.ordering ?? 0,
          created: published,
        });
      }
      const versionFiles = new Map<string, UploadedFile>();
      for (const [name, p] of staged) {
        if (name === 'icon' || galleryParts.has(name)) continue;
        versionFiles.set(name, { name, filename: p.filename, staged: p.staged });
      }
      if (versionFiles.size > 0 && !d.initial_versions?.length) throw invalidInput('File parts were sent without initial_versions to hold them');
      const wantsReview = d.is_draft === false && (d.initial_versions?.length ?? 0) > 0;

      // the slug's reservation stream is appended with the ProjectCreated event: a racing create loses there
      const result = await (async () => {
        await requireSlugFree(ctx, d.slug, null);
        const initial = await publishInitialVersions.prepare(ctx, actor, projectId, type, d.initial_versions ?? [], versionFiles);
        for (const p of staged.values()) await p.staged.commit();
        const created = await runProjectCommand(ctx, commandContext(request, actor.userId), projectId, {
          kind: 'create',
          actor: toCommandActor(actor),
          project_id: projectId,
          team_id: newId(),
          thread_id: newId(),
          project_type: type,
          status: 'draft',
          published,
          fields: fields!,
          icon,
          gallery,
        });
        let position = created.position;
        let state = created.state;
        const published2 = await initial.run(() => commandContext(request, actor.userId), created.state);
        if (published2.position) position = published2.position;
        if (wantsReview) {
          const submitted = await runProjectCommand(ctx, commandContext(request, actor.userId), projectId, {
            kind: 'edit',
            actor: toCommandActor(actor),
            changes: {},
            status: 'processing',
            versionCount: published2.versionIds.length,
          });
          position = submitted.position;
          state = submitted.state;
        }
        return { state, position, versionIds: published2.versionIds, loaders: initial.loaders, gameVersions: initial.gameVersions };
      })();
      const body = { ...projectJson(result.state, published), versions: result.versionIds, loaders: result.loaders, game_versions: result.gameVersions };
      return withPosition(reply, result.position).status(200).send(body);
    } finally {
      for (const p of staged.values()) await p.staged.discard();
    }
  });

  // PATCH /v2/project/{id|slug}
  app.patch<{ Params: IdParams }>('/v2/project/:id', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const input = editProjectInput.parse(request.body ?? {});
    const project = await resolveProjectRef(ctx, request.params.id);
    const pid = project.id;
    const run = async () => {
      if (input.slug !== undefined) await requireSlugFree(ctx, input.slug, pid);
      const parts = editCommandParts(input);
      return runProjectCommand(ctx, commandContext(request, actor.userId), project, {
        kind: 'edit',
        actor: toCommandActor(actor),
        ...parts,
        // read only for a status change (the decider looks at it for a submission); an edit of fields skips the lookup
        versionCount: parts.status !== undefined ? await ctx.lookup.liveVersionCount(pid) : 0,
      });
    };
    const result = await run();
    return noContent(reply, result.position);
  });

  // PATCH /v2/projects?ids=[...]: bulk edit (every project must allow it, else nothing is written)
  app.patch<{ Querystring: { ids?: string } }>('/v2/projects', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_WRITE');
    const ids = idsParam.parse(request.query.ids ?? '');
    const input = bulkEditInput.parse(request.body ?? {});
    const pids = (await Promise.all(ids.map((id) => ctx.lookup.projectId(id)))).filter((p): p is string => p !== null);
    const sameDonation = (a: { id: string; url: string }, b: { id: string; url: string }) => a.id === b.id && a.url === b.url;
    const derive = (current: ProjectFields, type: ProjectType): Partial<ProjectFields> => {
      const out: Partial<ProjectFields> = {};
      const cats = (set: string[] | undefined, add: string[] | undefined, remove: string[] | undefined, now: string[], field: string) => {
        if (set === undefined && add === undefined && remove === undefined) return undefined;
        let next = set ?? now;
        next = [...next, ...(add ?? []).filter((c) => !next.includes(c))].filter((c) => !(remove ?? []).includes(c));
        checkCategories(type, next, field);
        return next;
      };
      const c = cats(input.categories, input.add_categories, input.remove_categories, current.categories, 'categories');
      if (c) out.categories = c;
      const a = cats(
        input.additional_categories,
        input.add_additional_categories,
        input.remove_additional_categories,
        current.additional_categories,
        'additional_categories',
      );
      if (a) out.additional_categories = a;
      if (input.donation_urls || input.add_donation_urls || input.remove_donation_urls) {
        let next = input.donation_urls ? toDonationUrls(input.donation_urls) : current.donation_urls;
        const add = toDonationUrls(input.add_donation_urls ?? []);
        next = [...next, ...add.filter((x) => !next.some((y) => sameDonation(x, y)))];
        next = next.filter((x) => !(input.remove_donation_urls ?? []).some((r) => sameDonation(r, x)));
        out.donation_urls = next;
      }
      for (const k of ['issues_url', 'source_url', 'wiki_url', 'discord_url'] as const) if (input[k] !== undefined) out[k] = input[k];
      return out;
    };
    // check every project first (404 / 401 / 400 before anything is written), then apply
    for (const pid of pids) {
      const state = await loadProject(ctx, pid);
      projectDecider.decide({ kind: 'edit', actor: toCommandActor(actor), changes: {}, derive, versionCount: 0 }, state);
    }
    let position = 0;
    for (const pid of pids) {
      const r = await runProjectCommand(ctx, commandContext(request, actor.userId), pid, {
        kind: 'edit',
        actor: toCommandActor(actor),
        changes: {},
        derive,
        versionCount: 0,
      });
      position = Math.max(position, r.position);
    }
    return noContent(reply, position || (await ctx.store.headPosition()));
  });

  // DELETE /v2/project/{id|slug}
  app.delete<{ Params: IdParams }>('/v2/project/:id', async (request, reply) => {
    const actor = requireScopes(request, 'PROJECT_DELETE');
    const project = await resolveProjectRef(ctx, request.params.id);
    const result = await runProjectCommand(ctx, commandContext(request, actor.userId), project, { kind: 'delete', actor: toCommandActor(actor) });
    return noContent(reply, result.position);
  });

  registerProjectImageRoutes(app, ctx);
}

export { IMAGE_TYPES };
