import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '@modshelf/events';
import { environmentOf, invalidInput, notFound } from '@modshelf/service-kit';
import { toCommandActor } from '../actor';
import type { CatalogueContext } from '../context';
import { DATA_PART_LIMIT, noContent, parseJsonField, readSmallPart, stageOrReject, withPosition, commandContext } from '../http';
import { requireScopes } from '../actor.hook';
import { commitOnAccept } from '../../blobs/commit-on-accept';
import { loadProject, resolveProject } from '../project/project.service';
import type { ProjectState } from '../project/project.state';
import type { VersionFields } from './version.state';
import { addFilesData, createVersionInput, deleteFileQuery, editVersionInput, type CreateVersionInput } from '@modshelf/contract/v2';
import {
  checkFilename,
  checkForeignDuplicates,
  checkModpacks,
  checkVersionData,
  dependencyProblem,
  fileUrl,
  projectAccess,
  publishCommand,
  resolveVersion,
  runVersionCommand,
  versionJson,
  type UploadedFile,
} from './version.service';

type IdParams = { id: string };

/**
 * Reads a multipart request whose first part is the JSON `data` field, then
 * stages every file part (413 past maxFileBytes, nothing kept). `onData` runs
 * before any file is read, so bad data or a project the caller cannot see fail fast
 * (the team permission is the decider's, decided once the files are staged).
 */
async function readUpload<T>(
  ctx: CatalogueContext,
  request: FastifyRequest,
  parseData: (raw: unknown) => Promise<T>,
  files: Map<string, UploadedFile>,
): Promise<T> {
  if (!request.isMultipart()) throw invalidInput('This route expects a multipart/form-data body with a `data` field');
  let data: T | undefined;
  let seenData = false;
  for await (const part of request.parts({ limits: ctx.multipartLimits, preservePath: true })) {
    if (part.type === 'field') {
      if (part.fieldname !== 'data') continue;
      if (seenData) throw invalidInput('Only one `data` field is allowed');
      seenData = true;
      data = await parseData(parseJsonField(part.value, 'data'));
    } else if (part.fieldname === 'data' && !seenData) {
      seenData = true;
      data = await parseData(parseJsonField(await readSmallPart(part.file, DATA_PART_LIMIT, 'data'), 'data'));
    } else {
      if (!seenData) throw invalidInput('`data` field must come before file fields');
      if (files.has(part.fieldname)) throw invalidInput(`Duplicate multipart field '${part.fieldname}'`);
      const staged = await stageOrReject(ctx.blobs, part.file, ctx.maxFileBytes, `'${part.filename}'`);
      files.set(part.fieldname, { name: part.fieldname, filename: part.filename, staged });
    }
  }
  if (!seenData) throw invalidInput('Missing `data` field');
  return data as T;
}

async function discardAll(files: Map<string, UploadedFile>): Promise<void> {
  for (const f of files.values()) await f.staged.discard();
}

async function visibleProject(ctx: CatalogueContext, actor: Actor, projectId: string): Promise<ProjectState> {
  const state = await loadProject(ctx, projectId);
  if (!projectAccess(state, actor).visible) throw notFound();
  return state;
}

export function registerVersionRoutes(app: FastifyInstance, ctx: CatalogueContext): void {
  // POST /v2/version: multipart `data` (CreatableVersion) + the file parts it lists
  app.post('/v2/version', async (request, reply) => {
    const actor = requireScopes(request, 'VERSION_CREATE');
    const files = new Map<string, UploadedFile>();
    try {
      let project: ProjectState | null = null;
      const d = await readUpload(
        ctx,
        request,
        async (raw): Promise<CreateVersionInput> => {
          const input = createVersionInput.parse(raw);
          if (!input.project_id) throw invalidInput('project_id is required');
          const pid = await resolveProject(ctx, input.project_id);
          project = await visibleProject(ctx, actor, pid);
          await checkVersionData(ctx, project.project_type, input);
          return input;
        },
        files,
      );
      const state = project as ProjectState | null;
      if (!state) throw notFound();
      for (const name of files.keys()) if (!d.file_parts.includes(name)) throw invalidInput(`File part '${name}' is not listed in file_parts`);
      await checkForeignDuplicates(ctx, state.project_id, [...files.values()]);
      await checkModpacks([...files.values()]);
      const command = publishCommand(ctx, actor, projectAccess(state, actor), state.project_id, d, files);
      // the decider decides (team permission included); the files are committed only once it accepts
      const result = await runVersionCommand(
        ctx,
        commandContext(request, actor.userId),
        command.version.version_id,
        command,
        commitOnAccept(...[...files.values()].map((f) => f.staged)),
      );
      // environment: required on a v2 Version, from the project's sides (as the read side answers)
      return withPosition(reply, result.position)
        .status(200)
        .send({ ...versionJson(result.state), environment: environmentOf(state.fields.client_side, state.fields.server_side) });
    } finally {
      await discardAll(files);
    }
  });

  // PATCH /v2/version/{id}
  app.patch<{ Params: IdParams }>('/v2/version/:id', async (request, reply) => {
    const actor = requireScopes(request, 'VERSION_WRITE');
    const input = editVersionInput.parse(request.body ?? {});
    const { versionId, projectId } = await resolveVersion(ctx, request.params.id);
    const project = await loadProject(ctx, projectId);
    const access = projectAccess(project, actor);
    const { primary_file, file_types, ...rest } = input;
    const changes: Partial<VersionFields> = {};
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) (changes as Record<string, unknown>)[k] = v;
    if (input.dependencies) {
      changes.dependencies = input.dependencies.map((x) => ({
        version_id: x.version_id ?? null,
        project_id: x.project_id ?? null,
        file_name: x.file_name ?? null,
        dependency_type: x.dependency_type,
      }));
    }
    const result = await runVersionCommand(ctx, commandContext(request, actor.userId), versionId, {
      kind: 'edit',
      actor: toCommandActor(actor),
      access,
      changes,
      primary_file: primary_file?.[1],
      file_types: file_types?.map((t) => ({ hash: t.hash, file_type: t.file_type })),
      project_type: project.project_type,
      dependency_problem: input.dependencies ? await dependencyProblem(ctx, input.dependencies) : null,
    });
    return noContent(reply, result.position);
  });

  // DELETE /v2/version/{id}
  app.delete<{ Params: IdParams }>('/v2/version/:id', async (request, reply) => {
    const actor = requireScopes(request, 'VERSION_DELETE');
    const { versionId, projectId } = await resolveVersion(ctx, request.params.id);
    const access = projectAccess(await loadProject(ctx, projectId), actor);
    const result = await runVersionCommand(ctx, commandContext(request, actor.userId), versionId, { kind: 'delete', actor: toCommandActor(actor), access });
    return noContent(reply, result.position);
  });

  // POST /v2/version/{id}/file: multipart `data` ({}) + files to add
  app.post<{ Params: IdParams }>('/v2/version/:id/file', async (request, reply) => {
    const actor = requireScopes(request, 'VERSION_WRITE');
    const files = new Map<string, UploadedFile>();
    try {
      const { versionId, projectId } = await resolveVersion(ctx, request.params.id);
      const project = await loadProject(ctx, projectId);
      const access = projectAccess(project, actor);
      const fileTypes = await readUpload(ctx, request, async (raw) => addFilesData.parse(raw ?? {}).file_types ?? {}, files);
      await checkForeignDuplicates(ctx, projectId, [...files.values()]);
      await checkModpacks([...files.values()]);
      const newFiles = [...files.values()].map((f) => {
        const filename = checkFilename(f.filename);
        const ft = fileTypes[f.name];
        return {
          hashes: { sha1: f.staged.sha1, sha512: f.staged.sha512 },
          url: fileUrl(ctx, projectId, versionId, filename),
          filename,
          primary: false,
          size: f.staged.size,
          file_type: ft ?? null,
        };
      });
      const command = { kind: 'add-files' as const, actor: toCommandActor(actor), access, files: newFiles };
      const result = await runVersionCommand(
        ctx,
        commandContext(request, actor.userId),
        versionId,
        command,
        commitOnAccept(...[...files.values()].map((f) => f.staged)),
      );
      return noContent(reply, result.position);
    } finally {
      await discardAll(files);
    }
  });

  // DELETE /v2/version_file/{hash}?version_id=&algorithm=
  // a wildcard: a sha512 is longer than find-my-way's default 100-character parameter limit
  app.delete<{ Params: { '*': string }; Querystring: Record<string, string> }>('/v2/version_file/*', async (request, reply) => {
    const actor = requireScopes(request, 'VERSION_WRITE');
    const q = deleteFileQuery.parse(request.query);
    const hash = request.params['*'].toLowerCase();
    if (!/^[0-9a-f]{40}$|^[0-9a-f]{128}$/.test(hash)) throw notFound();
    const candidates = await ctx.lookup.versionsWithHash(hash);
    const versionId = q.version_id ? candidates.find((v) => v === q.version_id) : candidates[0];
    if (!versionId) throw notFound();
    const { projectId } = await resolveVersion(ctx, versionId);
    const access = projectAccess(await loadProject(ctx, projectId), actor);
    const result = await runVersionCommand(ctx, commandContext(request, actor.userId), versionId, {
      kind: 'remove-file',
      actor: toCommandActor(actor),
      access,
      hash,
    });
    return noContent(reply, result.position);
  });
}
