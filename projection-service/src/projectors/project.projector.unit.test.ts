import { describe, expect, it } from 'vitest';
import {
  DownloadsCounted,
  GalleryImageAdded,
  GalleryImageEdited,
  GalleryImageRemoved,
  ProjectDeleted,
  ProjectEdited,
  ProjectIconChanged,
  ProjectOwnershipTransferred,
  ProjectStatusChanged,
  TeamInviteAccepted,
  TeamMemberAdded,
  TeamMemberEdited,
  TeamMemberRemoved,
  downloadsStream,
  projectStream,
  versionStream,
} from '@modshelf/events';
import { EventLog, given, projectCreated, versionPublished, type DocumentState } from '../testing/given-events';
import type { ProjectDoc, VersionDoc } from '../read-model/documents';
import { projectProjector } from './project.projector';
import { evolveVersion } from './version.projector';

const P = 'PROJ0001';
const OWNER = 'OWNER001';
const BOB = 'BOBBY001';
const all = (1 << 10) - 1;

/** The project as a ProjectCreated of `projectCreated` makes it, after the events of `log`. */
async function projectAfter(build: (log: EventLog) => Parameters<typeof given>[1], documents: DocumentState = {}): Promise<ProjectDoc | undefined> {
  const log = new EventLog();
  const then = await given(documents, [log.on(projectStream(P), projectCreated(P, OWNER)), ...build(log)], [projectProjector]);
  return then.documents.projects?.[P];
}

/** A version document of `projectId` as its publication makes it. */
function version(id: string, projectId: string): VersionDoc {
  const doc = evolveVersion(null, new EventLog().on(versionStream(id), versionPublished(id, projectId)));
  if (!doc) throw new Error('no version');
  return doc;
}

const image = (url: string, featured: boolean, ordering = 0) => ({
  url,
  raw_url: url,
  featured,
  title: null,
  description: null,
  ordering,
  created: '2024-01-01T00:00:00.000Z',
});

describe('project projector: given events, then the project document', () => {
  it('ProjectCreated makes the document with its owner as the only member', async () => {
    const log = new EventLog();
    const then = await given({}, [log.on(projectStream(P), projectCreated(P, OWNER, { status: 'approved', title: 'Gravestones' }))], [projectProjector]);
    expect(then.documents.projects?.[P]).toMatchObject({
      id: P,
      slug: `slug-${P}`,
      title: 'Gravestones',
      team: 'TEAM0001',
      thread_id: 'THRD0001',
      status: 'approved',
      approved: '2024-01-01T00:00:00.000Z',
      queued: null,
      downloads: 0,
      followers: 0,
      gallery: [],
      version_list: [],
      owner_id: OWNER,
      members: [{ user_id: OWNER, role: 'Owner', permissions: all, ordering: 0, accepted: true, is_owner: true }],
    });
    expect(then.touchedProjects).toEqual([P]);
  });

  it('ProjectCreated replayed onto an existing document keeps its counters and version list', async () => {
    const existing = await projectAfter((log) => [log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 5 }))]);
    const log = new EventLog();
    const withVersions: ProjectDoc = {
      ...existing!,
      followers: 2,
      version_list: [
        {
          id: 'VERS0001',
          version_number: '1',
          date_published: '2024-02-01T00:00:00.000Z',
          loaders: [],
          game_versions: [],
          status: 'listed',
          version_type: 'release',
        },
      ],
    };
    const then = await given({ projects: { [P]: withVersions } }, [log.on(projectStream(P), projectCreated(P, OWNER))], [projectProjector]);
    expect(then.documents.projects?.[P]).toMatchObject({ downloads: 5, followers: 2, version_list: withVersions.version_list });
  });

  it('DownloadsCounted adds to the project and to the version counted', async () => {
    const log = new EventLog();
    const then = await given(
      { versions: { VERS0001: { ...version('VERS0001', P), downloads: 1 } } },
      [
        log.on(projectStream(P), projectCreated(P, OWNER)),
        log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: 'VERS0001', count: 3 })),
        log.on(downloadsStream(P), DownloadsCounted({ project_id: P, version_id: null, count: 4 })),
        log.on(downloadsStream('NOPROJ01'), DownloadsCounted({ project_id: 'NOPROJ01', version_id: null, count: 9 })),
      ],
      [projectProjector],
    );
    expect(then.documents.projects?.[P]?.downloads).toBe(7);
    expect(then.documents.versions?.VERS0001?.downloads).toBe(4);
    expect(then.documents.projects?.NOPROJ01).toBeUndefined();
  });

  it('ProjectEdited sets the defined fields and moves `updated` forward only', async () => {
    const p = await projectAfter((log) => [log.on(projectStream(P), ProjectEdited({ changes: { title: 'Renamed', description: undefined } }))]);
    expect(p).toMatchObject({ title: 'Renamed', description: 'A project', updated: '2024-01-01T00:02:00.000Z' });
  });

  it('ProjectIconChanged sets the icon and colour', async () => {
    const p = await projectAfter((log) => [log.on(projectStream(P), ProjectIconChanged({ icon_url: 'https://cdn.example/i.png', color: 42 }))]);
    expect(p).toMatchObject({ icon_url: 'https://cdn.example/i.png', color: 42 });
  });

  it('GalleryImageAdded replaces an image of the same url, and a featured one unfeatures the others', async () => {
    const p = await projectAfter((log) => [
      log.on(projectStream(P), GalleryImageAdded(image('https://cdn.example/a.png', true))),
      log.on(projectStream(P), GalleryImageAdded(image('https://cdn.example/b.png', false, 1))),
      log.on(projectStream(P), GalleryImageAdded(image('https://cdn.example/c.png', true, 2))),
      log.on(projectStream(P), GalleryImageAdded(image('https://cdn.example/b.png', false, 3))),
    ]);
    expect(p?.gallery.map((g) => [g.url, g.featured, g.ordering])).toEqual([
      ['https://cdn.example/a.png', false, 0],
      ['https://cdn.example/c.png', true, 2],
      ['https://cdn.example/b.png', false, 3],
    ]);
  });

  it('GalleryImageEdited changes the defined fields of that image; featuring it unfeatures the others; an unknown url changes nothing', async () => {
    const p = await projectAfter((log) => [
      log.on(projectStream(P), GalleryImageAdded(image('https://cdn.example/a.png', true))),
      log.on(projectStream(P), GalleryImageAdded(image('https://cdn.example/b.png', false, 1))),
      log.on(projectStream(P), GalleryImageEdited({ url: 'https://cdn.example/b.png', featured: true, title: 'B', ordering: 5 })),
      log.on(projectStream(P), GalleryImageEdited({ url: 'https://cdn.example/zz.png', title: 'nobody' })),
    ]);
    expect(p?.gallery).toEqual([image('https://cdn.example/a.png', false), { ...image('https://cdn.example/b.png', true, 5), title: 'B' }]);
  });

  it('GalleryImageRemoved removes the image', async () => {
    const p = await projectAfter((log) => [
      log.on(projectStream(P), GalleryImageAdded(image('https://cdn.example/a.png', true))),
      log.on(projectStream(P), GalleryImageRemoved({ url: 'https://cdn.example/a.png' })),
    ]);
    expect(p?.gallery).toEqual([]);
  });

  it('ProjectStatusChanged sets the status and message, stamps `queued` on each submission and `approved` once', async () => {
    const p = await projectAfter((log) => [
      log.on(projectStream(P), ProjectStatusChanged({ from: 'draft', to: 'processing' })),
      log.on(projectStream(P), ProjectStatusChanged({ from: 'processing', to: 'approved', moderator_message: 'welcome' })),
      log.on(projectStream(P), ProjectStatusChanged({ from: 'approved', to: 'unlisted' })),
    ]);
    expect(p).toMatchObject({ status: 'unlisted', moderator_message: 'welcome', queued: '2024-01-01T00:02:00.000Z', approved: '2024-01-01T00:03:00.000Z' });
  });

  it('TeamMemberAdded adds (or replaces) a member in order; an owner takes over ownership', async () => {
    const p = await projectAfter((log) => [
      log.on(
        projectStream(P),
        TeamMemberAdded({ user_id: BOB, role: 'Dev', permissions: 1, ordering: 2, accepted: false, is_owner: false, payouts_split: 10 }),
      ),
      log.on(projectStream(P), TeamMemberAdded({ user_id: 'CAROL001', role: 'Lead', permissions: all, ordering: 1, accepted: true, is_owner: true })),
    ]);
    expect(p?.members).toEqual([
      { user_id: 'CAROL001', role: 'Lead', permissions: all, ordering: 1, accepted: true, is_owner: true },
      { user_id: OWNER, role: 'Owner', permissions: all, ordering: 0, accepted: true, is_owner: false },
      { user_id: BOB, role: 'Dev', permissions: 1, ordering: 2, accepted: false, is_owner: false, payouts_split: 10 },
    ]);
    expect(p?.owner_id).toBe('CAROL001');
  });

  it('TeamMemberEdited changes the defined fields and re-sorts; TeamInviteAccepted accepts; TeamMemberRemoved removes', async () => {
    const p = await projectAfter((log) => [
      log.on(projectStream(P), TeamMemberAdded({ user_id: BOB, role: 'Dev', permissions: 1, ordering: 2, accepted: false, is_owner: false })),
      log.on(projectStream(P), TeamMemberAdded({ user_id: 'CAROL001', role: 'Art', permissions: 1, ordering: 3, accepted: false, is_owner: false })),
      log.on(projectStream(P), TeamMemberEdited({ user_id: 'CAROL001', ordering: 1, payouts_split: 20 })),
      log.on(projectStream(P), TeamMemberEdited({ user_id: 'NOBODY01', role: 'x' })),
      log.on(projectStream(P), TeamInviteAccepted({ user_id: 'CAROL001' })),
      log.on(projectStream(P), TeamMemberRemoved({ user_id: BOB })),
    ]);
    expect(p?.members.map((m) => [m.user_id, m.role, m.ordering, m.accepted, m.payouts_split])).toEqual([
      [OWNER, 'Owner', 0, true, undefined],
      ['CAROL001', 'Art', 1, true, 20],
    ]);
  });

  it('ProjectOwnershipTransferred makes the new owner (a member or not) the only owner', async () => {
    const p = await projectAfter((log) => [log.on(projectStream(P), ProjectOwnershipTransferred({ from: OWNER, to: BOB }))]);
    expect(p?.owner_id).toBe(BOB);
    expect(p?.members.map((m) => [m.user_id, m.is_owner])).toEqual([
      [BOB, true],
      [OWNER, false],
    ]);
  });

  it('ProjectDeleted deletes the project, its versions and its follows', async () => {
    const log = new EventLog();
    const then = await given(
      {
        versions: { VERS0001: version('VERS0001', P), VERS0002: version('VERS0002', 'OTHER001') },
        follows: { [`${BOB}:${P}`]: { user_id: BOB, project_id: P, created: '2024-01-01T00:00:00.000Z' } },
      },
      [log.on(projectStream(P), projectCreated(P, OWNER)), log.on(projectStream(P), ProjectDeleted({ project_id: P }))],
      [projectProjector],
    );
    expect(then.documents.projects?.[P]).toBeUndefined();
    expect(Object.keys(then.documents.versions ?? {})).toEqual(['VERS0002']);
    expect(then.documents.follows).toEqual({});
  });

  it('events of a project that does not exist change nothing', async () => {
    const log = new EventLog();
    const then = await given(
      { versions: { VERS0001: version('VERS0001', P) } },
      [log.on(projectStream(P), ProjectEdited({ changes: { title: 'Renamed' } })), log.on(projectStream(P), ProjectDeleted({ project_id: P }))],
      [projectProjector],
    );
    expect(then.documents.projects).toBeUndefined();
    expect(Object.keys(then.documents.versions ?? {})).toEqual(['VERS0001']);
  });
});
