import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  VersionDeleted,
  VersionEdited,
  VersionFileAdded,
  VersionFileRemoved,
  VersionFileTypeChanged,
  VersionPrimaryFileChanged,
  projectStream,
  versionStream,
} from '@modshelf/events';
import { EventLog, given, projectCreated, versionPublished } from '../testing/given-events';
import { projectProjector } from './project.projector';
import { versionProjector } from './version.projector';

const P = 'PROJ0001';
const V = 'VERS0001';
const both = [projectProjector, versionProjector];
const file = (name: string, primary: boolean) => ({
  hashes: { sha1: createHash('sha1').update(name).digest('hex'), sha512: createHash('sha512').update(name).digest('hex') },
  url: `https://cdn.example/${name}`,
  filename: name,
  primary,
  size: 2,
  file_type: null,
});
const sha1 = (name: string) => file(name, false).hashes.sha1;

describe('version projector: given events, then the version and its project', () => {
  it('VersionPublished makes the version and adds it to its project (newest first), moving `updated`', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(projectStream(P), projectCreated(P, 'OWNER001')),
        log.on(versionStream(V), versionPublished(V, P, { version_number: '1.0.0', date_published: '2024-02-01T00:00:00.000Z' })),
        log.on(versionStream('VERS0002'), versionPublished('VERS0002', P, { version_number: '2.0.0', date_published: '2024-03-01T00:00:00.000Z' })),
      ],
      both,
    );
    expect(then.documents.versions?.[V]).toMatchObject({ id: V, project_id: P, version_number: '1.0.0', downloads: 0, files: [{ primary: true }] });
    expect(then.documents.projects?.[P]?.version_list.map((s) => [s.id, s.version_number])).toEqual([
      ['VERS0002', '2.0.0'],
      [V, '1.0.0'],
    ]);
    expect(then.documents.projects?.[P]?.updated).toBe('2024-03-01T00:00:00.000Z');
  });

  it('VersionPublished again keeps the downloads counted; of a missing project it makes only the version', async () => {
    const log = new EventLog();
    const first = await given({}, [log.on(versionStream(V), versionPublished(V, 'NOPROJ01'))], both);
    const counted = { ...first.documents.versions![V], downloads: 8 };
    const then = await given({ versions: { [V]: counted } }, [log.on(versionStream(V), versionPublished(V, 'NOPROJ01', { name: 'Again' }))], both);
    expect(then.documents.versions?.[V]).toMatchObject({ name: 'Again', downloads: 8 });
    expect(then.documents.projects).toBeUndefined();
  });

  async function after(...events: Array<(log: EventLog) => Parameters<typeof given>[1][number]>) {
    const log = new EventLog();
    return given(
      {},
      [log.on(projectStream(P), projectCreated(P, 'OWNER001')), log.on(versionStream(V), versionPublished(V, P)), ...events.map((e) => e(log))],
      both,
    );
  }

  it('VersionEdited sets the defined fields, in the version and its summary', async () => {
    const then = await after((log) => log.on(versionStream(V), VersionEdited({ project_id: P, changes: { version_number: '1.0.1', name: undefined } })));
    expect(then.documents.versions?.[V]).toMatchObject({ version_number: '1.0.1', name: `Version of ${V}` });
    expect(then.documents.projects?.[P]?.version_list[0].version_number).toBe('1.0.1');
  });

  it('VersionFileAdded replaces a file of the same hash; a primary one makes the others secondary', async () => {
    const then = await after(
      (log) => log.on(versionStream(V), VersionFileAdded({ project_id: P, file: file('b.jar', false) })),
      (log) => log.on(versionStream(V), VersionFileAdded({ project_id: P, file: file('c.jar', true) })),
      (log) => log.on(versionStream(V), VersionFileAdded({ project_id: P, file: { ...file('b.jar', false), size: 9 } })),
    );
    expect(then.documents.versions?.[V]?.files.map((f) => [f.filename, f.primary, f.size])).toEqual([
      [`${V}.jar`, false, 1],
      ['c.jar', true, 2],
      ['b.jar', false, 9],
    ]);
  });

  it('VersionFileRemoved, VersionPrimaryFileChanged and VersionFileTypeChanged change the files by hash', async () => {
    const then = await after(
      (log) => log.on(versionStream(V), VersionFileAdded({ project_id: P, file: file('b.jar', false) })),
      (log) => log.on(versionStream(V), VersionFileAdded({ project_id: P, file: file('c.jar', false) })),
      (log) => log.on(versionStream(V), VersionPrimaryFileChanged({ project_id: P, sha1: sha1('b.jar') })),
      (log) => log.on(versionStream(V), VersionFileTypeChanged({ project_id: P, sha1: sha1('c.jar'), file_type: 'sources-jar' })),
      (log) => log.on(versionStream(V), VersionFileRemoved({ project_id: P, sha1: createHash('sha1').update(V).digest('hex') })),
    );
    expect(then.documents.versions?.[V]?.files.map((f) => [f.filename, f.primary, f.file_type])).toEqual([
      ['b.jar', true, null],
      ['c.jar', false, 'sources-jar'],
    ]);
  });

  it('VersionDeleted deletes the version and takes it off its project', async () => {
    const log = new EventLog();
    const setUp = await after();
    const then = await given(setUp.documents, [log.on(versionStream(V), VersionDeleted({ project_id: P }))], both);
    expect(then.documents.versions).toEqual({});
    expect(then.documents.projects?.[P]?.version_list).toEqual([]);
  });

  it('events of a version that does not exist change nothing', async () => {
    const log = new EventLog();
    const then = await given({}, [log.on(versionStream(V), VersionEdited({ project_id: P, changes: { version_number: '9' } }))], both);
    expect(then.documents).toEqual({});
  });
});
