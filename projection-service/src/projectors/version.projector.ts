import {
  VersionDeleted,
  VersionEdited,
  VersionFileAdded,
  VersionFileRemoved,
  VersionPrimaryFileChanged,
  VersionPublished,
  type RecordedEvent,
} from '@modshelf/events';
import type { ProjectDoc, VersionDoc } from '../read-model/documents';
import { streamEntity, type BatchContext } from './context';

function summarize(v: VersionDoc) {
  return {
    id: v.id,
    version_number: v.version_number,
    date_published: v.date_published,
    loaders: v.loaders,
    game_versions: v.game_versions,
    status: v.status,
    version_type: v.version_type,
  };
}

/** Keeps the project's version summary list (newest first) in step with a version. */
function syncProject(ctx: BatchContext, p: ProjectDoc, v: VersionDoc | null, versionId: string): void {
  p.version_list = p.version_list.filter((s) => s.id !== versionId);
  if (v) {
    p.version_list.push(summarize(v));
    if (Date.parse(v.date_published) > Date.parse(p.updated)) p.updated = v.date_published;
  }
  p.version_list.sort((a, b) => Date.parse(b.date_published) - Date.parse(a.date_published) || (a.id < b.id ? 1 : -1));
  ctx.put('projects', p.id, p);
}

/** Versions with their files; the project's version list follows. */
export async function versionProjector(ctx: BatchContext, e: RecordedEvent): Promise<void> {
  if (!e.streamId.startsWith('version-')) return;
  const id = streamEntity(e.streamId);
  if (VersionPublished.is(e)) {
    const d = e.data;
    const existing = await ctx.get('versions', d.version_id);
    const v: VersionDoc = {
      id: d.version_id,
      project_id: d.project_id,
      author_id: d.author_id,
      name: d.name,
      version_number: d.version_number,
      changelog: d.changelog,
      dependencies: d.dependencies,
      game_versions: d.game_versions,
      version_type: d.version_type,
      loaders: d.loaders,
      featured: d.featured,
      status: d.status,
      requested_status: d.requested_status,
      date_published: d.date_published,
      downloads: existing?.downloads ?? 0,
      files: d.files.map((f) => ({ ...f })),
    };
    ctx.put('versions', v.id, v);
    const p = await ctx.get('projects', d.project_id);
    if (p) syncProject(ctx, p, v, v.id);
    return;
  }
  const v = await ctx.get('versions', id);
  if (!v) return;
  if (VersionEdited.is(e)) {
    for (const [k, val] of Object.entries(e.data.changes)) if (val !== undefined) (v as unknown as Record<string, unknown>)[k] = val;
  } else if (VersionFileAdded.is(e)) {
    const f = e.data.file;
    v.files = v.files.filter((x) => x.hashes.sha1 !== f.hashes.sha1);
    if (f.primary) v.files.forEach((x) => (x.primary = false));
    v.files.push({ ...f });
  } else if (VersionFileRemoved.is(e)) {
    v.files = v.files.filter((x) => x.hashes.sha1 !== e.data.sha1);
  } else if (VersionPrimaryFileChanged.is(e)) {
    for (const f of v.files) f.primary = f.hashes.sha1 === e.data.sha1;
  } else if (e.type === 'VersionFileTypeChanged') {
    const d = e.data as { sha1: string; file_type: string | null };
    const f = v.files.find((x) => x.hashes.sha1 === d.sha1);
    if (f) f.file_type = d.file_type;
  } else if (VersionDeleted.is(e)) {
    ctx.delete('versions', id);
    const p = await ctx.get('projects', v.project_id);
    if (p) syncProject(ctx, p, null, id);
    return;
  } else return;
  ctx.put('versions', id, v);
  const p = await ctx.get('projects', v.project_id);
  if (p) syncProject(ctx, p, v, id);
}
