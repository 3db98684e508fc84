import { modpackProblem } from './modpack-archive';
import { versionStream, type Actor } from '@modshelf/events';
import { invalidInput, notFound, seesHiddenProject } from '@modshelf/contract';
import type { StagedBlob } from '../../blobs/blob-store';
import { execute, type CommandContext, type CommandResult, type ExecuteHooks } from '../../kernel/execute';
import { loadState } from '../../kernel/state-cache';
import { isStaff, toCommandActor } from '../actor';
import type { CatalogueContext } from '../context';
import { canSeeProject, memberOf, organizationMemberOf, permissionsOf, type ProjectState } from '../project/project.state';
import { checkGameVersions, checkLoaders, type ProjectType } from '../tag-rules';
import type { ProjectAccess, PublishVersion, VersionCommand } from './version.commands';
import { checkPublishable, versionDecider } from './version.decider';
import { createVersionInput, type CreateVersionInput } from '@modshelf/contract/v2';
import type { VersionFile, VersionState } from './version.state';
import { newId } from '@modshelf/events';

/** A file part of a multipart upload, hashed and staged (not yet committed to the blob store). */
export interface UploadedFile {
  name: string;
  filename: string;
  staged: StagedBlob;
}

export function projectAccess(state: ProjectState, actor: Actor | null): ProjectAccess {
  const ca = actor ? toCommandActor(actor) : null;
  return {
    visible: canSeeProject(state, ca),
    insider: ca !== null && (isStaff(ca) || seesHiddenProject(memberOf(state, ca.userId), organizationMemberOf(state, ca.userId))),
    permissions: permissionsOf(state, ca),
  };
}

export function fileUrl(ctx: CatalogueContext, projectId: string, versionId: string, filename: string): string {
  return `${ctx.publicUrl}/cdn/data/${projectId}/versions/${versionId}/${encodeURIComponent(filename)}`;
}

/** Names a file may have: no path separators, no control characters. */
export function checkFilename(name: string): string {
  const n = name.normalize('NFC').trim();
  if (!n || n === '.' || n === '..' || n.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(n)) {
    throw invalidInput(`'${name}' is not a valid file name`);
  }
  return n;
}

/** Every .mrpack among the uploaded files must be a sound modpack archive (a zip bomb is refused by its sizes). */
export async function checkModpacks(files: UploadedFile[]): Promise<void> {
  for (const f of files) {
    if (!/\.mrpack$/i.test(f.filename)) continue;
    const problem = modpackProblem(await f.staged.bytes());
    if (problem) throw invalidInput(`'${f.filename}' is not a valid modpack: ${problem}`);
  }
}

/** A file already held by a version of another project may not be uploaded again (as Modrinth). */
export async function checkForeignDuplicates(ctx: CatalogueContext, projectId: string, files: UploadedFile[]): Promise<void> {
  for (const f of files) {
    for (const vid of await ctx.lookup.versionsWithHash(f.staged.sha1)) {
      if ((await ctx.lookup.version(vid))?.projectId !== projectId) throw invalidInput('Duplicate files are not allowed to be uploaded to Modshelf!');
    }
  }
}

/** Why the dependencies cannot be (the first problem), or null. */
export async function dependencyProblem(ctx: CatalogueContext, deps: CreateVersionInput['dependencies']): Promise<string | null> {
  for (const d of deps) {
    if (!d.version_id && !d.project_id && !d.file_name) return 'A dependency needs a version_id, a project_id or a file_name';
    if (d.version_id && !(await ctx.lookup.version(d.version_id))) return `Dependency version ${d.version_id} does not exist`;
    if (d.project_id && !(await ctx.lookup.projectId(d.project_id))) return `Dependency project ${d.project_id} does not exist`;
  }
  return null;
}

export async function checkDependencies(ctx: CatalogueContext, deps: CreateVersionInput['dependencies']): Promise<void> {
  const problem = await dependencyProblem(ctx, deps);
  if (problem) throw invalidInput(problem);
}

/** Validates a version's data against the project (tags, dependencies) before any file is read. */
export async function checkVersionData(ctx: CatalogueContext, type: ProjectType, d: CreateVersionInput): Promise<void> {
  checkLoaders(type, d.loaders);
  checkGameVersions(d.game_versions);
  await checkDependencies(ctx, d.dependencies);
  if (new Set(d.file_parts).size !== d.file_parts.length) throw invalidInput('file_parts lists a part twice');
  if (d.primary_file !== undefined && !d.file_parts.includes(d.primary_file)) throw invalidInput('primary_file must be one of file_parts');
}

/** The file records of a new version; the primary is the named part, else the first. */
export function versionFiles(
  ctx: CatalogueContext,
  projectId: string,
  versionId: string,
  d: CreateVersionInput,
  uploaded: Map<string, UploadedFile>,
): VersionFile[] {
  const files: VersionFile[] = [];
  for (const part of d.file_parts) {
    const f = uploaded.get(part);
    if (!f) throw invalidInput(`File part '${part}' is listed in file_parts but was not sent`);
    const filename = checkFilename(f.filename);
    files.push({
      hashes: { sha1: f.staged.sha1, sha512: f.staged.sha512 },
      url: fileUrl(ctx, projectId, versionId, filename),
      filename,
      primary: false,
      size: f.staged.size,
      file_type: d.file_types?.[part] ?? null,
    });
  }
  const primaryIndex = d.primary_file !== undefined ? d.file_parts.indexOf(d.primary_file) : 0;
  if (files[primaryIndex]) files[primaryIndex].primary = true;
  return files;
}

export function publishCommand(
  ctx: CatalogueContext,
  actor: Actor,
  access: ProjectAccess,
  projectId: string,
  d: CreateVersionInput,
  uploaded: Map<string, UploadedFile>,
): PublishVersion {
  return { kind: 'publish', actor: toCommandActor(actor), access, version: newVersion(ctx, actor, projectId, d, uploaded) };
}

/** The VersionPublished record of a new version (a fresh id, its files from the uploaded parts). */
export function newVersion(
  ctx: CatalogueContext,
  actor: Actor,
  projectId: string,
  d: CreateVersionInput,
  uploaded: Map<string, UploadedFile>,
): PublishVersion['version'] {
  const versionId = newId();
  return {
    version_id: versionId,
    project_id: projectId,
    author_id: actor.userId,
    date_published: ctx.now().toISOString(),
    name: d.name,
    version_number: d.version_number,
    changelog: d.changelog ?? null,
    version_type: d.version_type,
    loaders: d.loaders,
    game_versions: d.game_versions,
    featured: d.featured,
    status: d.status,
    requested_status: d.requested_status ?? null,
    dependencies: d.dependencies.map((x) => ({
      version_id: x.version_id ?? null,
      project_id: x.project_id ?? null,
      file_name: x.file_name ?? null,
      dependency_type: x.dependency_type,
    })),
    files: versionFiles(ctx, projectId, versionId, d, uploaded),
  };
}

export async function loadVersion(ctx: CatalogueContext, versionId: string): Promise<VersionState> {
  return (await loadState(ctx.store, versionStream(versionId), versionDecider)).state;
}

/** Runs a command on a version; `context` carries its ids (the route derives them from the request). */
export function runVersionCommand(
  ctx: CatalogueContext,
  context: CommandContext,
  versionId: string,
  command: VersionCommand,
  hooks?: ExecuteHooks,
): Promise<CommandResult<VersionState>> {
  return execute(ctx.store, versionStream(versionId), versionDecider, command, context, undefined, { ...hooks, group: true });
}

/** The Modrinth `Version` shape of a version the write side just published. */
export function versionJson(s: VersionState) {
  return {
    id: s.version_id,
    project_id: s.project_id,
    author_id: s.author_id,
    featured: s.fields.featured,
    name: s.fields.name,
    version_number: s.fields.version_number,
    changelog: s.fields.changelog,
    changelog_url: null,
    date_published: s.date_published,
    downloads: 0,
    version_type: s.fields.version_type,
    status: s.fields.status,
    requested_status: s.fields.requested_status,
    files: s.files,
    dependencies: s.fields.dependencies,
    game_versions: s.fields.game_versions,
    loaders: s.fields.loaders,
  };
}

/** A live version and its project, or 404. */
export async function resolveVersion(ctx: CatalogueContext, versionId: string): Promise<{ versionId: string; projectId: string }> {
  const v = await ctx.lookup.version(versionId);
  if (!v || !(await ctx.lookup.projectId(v.projectId))) throw notFound();
  return { versionId, projectId: v.projectId };
}

/**
 * initial_versions of POST /v2/project: validated (with their file parts) before
 * anything is written, published right after the project is created.
 */
export const publishInitialVersions = {
  async prepare(
    ctx: CatalogueContext,
    actor: Actor,
    projectId: string,
    type: ProjectType,
    raw: Record<string, unknown>[],
    uploaded: Map<string, UploadedFile>,
  ) {
    const inputs = raw.map((r) => createVersionInput.parse(r));
    const used = new Set<string>();
    for (const d of inputs) {
      await checkVersionData(ctx, type, d);
      if (d.file_parts.length === 0 && d.status !== 'draft') throw invalidInput('Versions must have at least one file uploaded to them');
      for (const p of d.file_parts) {
        if (!uploaded.has(p)) throw invalidInput(`File part '${p}' is listed in file_parts but was not sent`);
        if (used.has(p)) throw invalidInput(`File part '${p}' is used by two initial versions`);
        used.add(p);
      }
    }
    for (const name of uploaded.keys()) if (!used.has(name)) throw invalidInput(`File part '${name}' is not listed in any initial version's file_parts`);
    await checkForeignDuplicates(ctx, projectId, [...uploaded.values()]);
    // build (and so check) every version now, before anything is written; the decider decides each
    // (team permission included) once the project exists
    const versions = inputs.map((d) => newVersion(ctx, actor, projectId, d, uploaded));
    for (const v of versions) checkPublishable(v);
    return {
      /** loaders and game versions over all initial versions (for the create answer) */
      loaders: [...new Set(inputs.flatMap((d) => d.loaders))],
      gameVersions: [...new Set(inputs.flatMap((d) => d.game_versions))],
      /** publishes them; `contextOf` gives each command its context */
      async run(contextOf: () => CommandContext, project: ProjectState): Promise<{ position: number; versionIds: string[] }> {
        let position = 0;
        const versionIds: string[] = [];
        for (const version of versions) {
          const r = await runVersionCommand(ctx, contextOf(), version.version_id, {
            kind: 'publish',
            actor: toCommandActor(actor),
            access: projectAccess(project, actor),
            version,
          });
          position = r.position;
          versionIds.push(version.version_id);
        }
        return { position, versionIds };
      },
    };
  },
};
