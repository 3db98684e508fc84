import {
  VersionDeleted,
  VersionEdited,
  VersionFileAdded,
  VersionFileRemoved,
  VersionFileTypeChanged,
  VersionPrimaryFileChanged,
  VersionPublished,
  type RecordedEvent,
} from '@modshelf/events';
import type { ProjectDoc, VersionDoc, VersionSummary } from '../read-model/documents';
import { createsVersion } from './creations';
import { defineProjector, documentProjection, streamEntity, typesOf, withChanges, type ReadView } from './evolve';

const VERSION_EVENTS = typesOf(
  VersionPublished,
  VersionEdited,
  VersionFileAdded,
  VersionFileRemoved,
  VersionPrimaryFileChanged,
  VersionFileTypeChanged,
  VersionDeleted,
);

function summarize(v: VersionDoc): VersionSummary {
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

/** A version's document after an event of its stream (null: deleted, or never published). */
export function evolveVersion(v: VersionDoc | null, e: RecordedEvent): VersionDoc | null {
  if (VersionPublished.is(e)) {
    const d = e.data;
    return {
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
      downloads: v?.downloads ?? 0,
      files: d.files.map((f) => ({ ...f })),
    };
  }
  if (!v) return v;
  if (VersionEdited.is(e)) return withChanges(v, e.data.changes);
  if (VersionFileAdded.is(e)) {
    const f = e.data.file;
    const kept = v.files.filter((x) => x.hashes.sha1 !== f.hashes.sha1).map((x) => (f.primary ? { ...x, primary: false } : x));
    return { ...v, files: [...kept, { ...f }] };
  }
  if (VersionFileRemoved.is(e)) return { ...v, files: v.files.filter((x) => x.hashes.sha1 !== e.data.sha1) };
  if (VersionPrimaryFileChanged.is(e)) return { ...v, files: v.files.map((f) => ({ ...f, primary: f.hashes.sha1 === e.data.sha1 })) };
  if (VersionFileTypeChanged.is(e)) {
    const d = e.data;
    return { ...v, files: v.files.map((f) => (f.hashes.sha1 === d.sha1 ? { ...f, file_type: d.file_type } : f)) };
  }
  if (VersionDeleted.is(e)) return null;
  return v;
}

/** The project's version summary list (newest first) with one version in step (null: without it). */
export function withVersion(p: ProjectDoc, v: VersionDoc | null, versionId: string): ProjectDoc {
  const list = p.version_list.filter((s) => s.id !== versionId);
  let updated = p.updated;
  if (v) {
    list.push(summarize(v));
    if (Date.parse(v.date_published) > Date.parse(p.updated)) updated = v.date_published;
  }
  list.sort((a, b) => Date.parse(b.date_published) - Date.parse(a.date_published) || (a.id < b.id ? 1 : -1));
  return { ...p, version_list: list, updated };
}

/** The version an event is about, as it is before the event (null: none; a publication may make it). */
async function versionBefore(e: RecordedEvent, read: ReadView): Promise<{ id: string; before: VersionDoc | null } | null> {
  if (!e.streamId.startsWith('version-')) return null;
  const id = VersionPublished.is(e) ? e.data.version_id : streamEntity(e.streamId);
  // a version's publication makes it (the versions projection's `creates`)
  const before = await (createsVersion(e) ? read.created('versions', id) : read.get('versions', id));
  return before || VersionPublished.is(e) ? { id, before } : null;
}

const versions = documentProjection({
  collection: 'versions',
  canHandle: VERSION_EVENTS,
  join: versionBefore,
  documentIds: (_e, v) => (v ? [v.id] : []),
  evolve: evolveVersion,
  creates: createsVersion,
});

/** The project's version list follows the version (its join: the version before the event). */
const projectVersionList = documentProjection({
  collection: 'projects',
  canHandle: VERSION_EVENTS,
  join: versionBefore,
  documentIds: (e, v) => (VersionPublished.is(e) ? (v ? [e.data.project_id] : []) : v?.before ? [v.before.project_id] : []),
  evolve: (p, e, v) => (p && v ? withVersion(p, evolveVersion(v.before, e), v.id) : p),
});

/** Versions with their files; the project's version list follows (it reads the version before it changes). */
export const versionProjector = defineProjector({
  name: 'versionProjector',
  documents: [projectVersionList, versions],
});
