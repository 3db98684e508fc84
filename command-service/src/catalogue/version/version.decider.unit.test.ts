import { describe, it } from 'vitest';
import {
  VersionDeleted,
  VersionEdited,
  VersionFileAdded,
  VersionFileRemoved,
  VersionFileTypeChanged,
  VersionPrimaryFileChanged,
  VersionPublished,
  type DecidedEvent,
} from '@modshelf/events';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS as P } from '@modshelf/service-kit';
import { given } from '../testing/given';
import { OWNER, PROJECT_ID } from '../testing/fixtures';
import { versionDecider } from './version.decider';
import type { VersionFile } from './version.state';

const VID = 'VersAAAA';
const file = (n: string, primary = false): VersionFile => ({
  hashes: { sha1: n.repeat(40).slice(0, 40), sha512: n.repeat(128).slice(0, 128) },
  url: `http://x/cdn/data/${PROJECT_ID}/versions/${VID}/${n}.jar`,
  filename: `${n}.jar`,
  primary,
  size: 10,
  file_type: null,
});
const version = (files: VersionFile[], status: 'listed' | 'draft' = 'listed') => ({
  version_id: VID,
  project_id: PROJECT_ID,
  author_id: OWNER.userId,
  date_published: '2026-01-01T00:00:00Z',
  name: 'v1',
  version_number: '1.0',
  changelog: null,
  version_type: 'release' as const,
  loaders: ['coreengine'],
  game_versions: ['1.0.3'],
  featured: false,
  status,
  requested_status: null,
  dependencies: [],
  files,
});
const owner = { visible: true, insider: true, permissions: ALL_PROJECT_PERMISSIONS };
const hiddenProject = { visible: false, insider: false, permissions: 0 };
const outsider = { visible: true, insider: false, permissions: 0 };
const uploader = { visible: true, insider: true, permissions: P.UPLOAD_VERSION };
const published: DecidedEvent[] = [VersionPublished(version([file('a', true), file('b')]))];
const G = (events = published) => given(versionDecider, events, `version-${VID}`);

describe('version decider: publish', () => {
  it('publishes with UPLOAD_VERSION', () => {
    G([])
      .when({ kind: 'publish', actor: OWNER, access: uploader, version: version([file('a', true)]) })
      .then([VersionPublished(version([file('a', true)]))]);
  });
  it('404 on a hidden project, 401 without the bit, 400 without files or with duplicates', () => {
    G([])
      .when({ kind: 'publish', actor: OWNER, access: hiddenProject, version: version([file('a')]) })
      .thenError('not_found');
    G([])
      .when({ kind: 'publish', actor: OWNER, access: outsider, version: version([file('a')]) })
      .thenError('unauthorized');
    G([])
      .when({ kind: 'publish', actor: OWNER, access: owner, version: version([]) })
      .thenError('invalid_input', /at least one file/);
    G([])
      .when({ kind: 'publish', actor: OWNER, access: owner, version: version([], 'draft') })
      .thenTypes(['VersionPublished']);
    G([])
      .when({ kind: 'publish', actor: OWNER, access: owner, version: version([file('a'), file('a')]) })
      .thenError('invalid_input', /Duplicate/);
    G([])
      .when({ kind: 'publish', actor: OWNER, access: owner, version: version([file('a', true), file('b', true)]) })
      .thenError('invalid_input');
  });
});

describe('version decider: edit', () => {
  it('records changed fields, primary file and file types', () => {
    G()
      .when({
        kind: 'edit',
        actor: OWNER,
        access: owner,
        changes: { name: 'v1', changelog: 'new' },
        primary_file: 'b'.repeat(40),
        file_types: [{ hash: 'a'.repeat(128), file_type: 'dev-jar' }],
        project_type: 'mod',
        dependency_problem: null,
      })
      .then([
        VersionEdited({ project_id: PROJECT_ID, changes: { changelog: 'new' } }),
        VersionPrimaryFileChanged({ project_id: PROJECT_ID, sha1: 'b'.repeat(40) }),
        VersionFileTypeChanged({ project_id: PROJECT_ID, sha1: 'a'.repeat(40), file_type: 'dev-jar' }),
      ]);
  });
  it('hides draft versions from outsiders and deleted versions from everyone', () => {
    G([VersionPublished(version([file('a')], 'draft'))])
      .when({ kind: 'edit', actor: OWNER, access: outsider, changes: { name: 'x' }, project_type: 'mod', dependency_problem: null })
      .thenError('not_found');
    G([...published, VersionDeleted({ project_id: PROJECT_ID })])
      .when({ kind: 'edit', actor: OWNER, access: owner, changes: { name: 'x' }, project_type: 'mod', dependency_problem: null })
      .thenError('not_found');
    G()
      .when({ kind: 'edit', actor: OWNER, access: outsider, changes: { name: 'x' }, project_type: 'mod', dependency_problem: null })
      .thenError('unauthorized');
  });
  it('checks the team permission before the new loaders, game versions and dependencies', () => {
    const edit = (access: typeof owner, changes: Record<string, unknown>, dependency_problem: string | null = null) =>
      G().when({ kind: 'edit', actor: OWNER, access, changes, project_type: 'mod', dependency_problem });
    edit(outsider, { loaders: ['no-such-loader'] }, 'Dependency version X does not exist').thenError('unauthorized');
    edit(owner, { loaders: ['no-such-loader'] }).thenError('invalid_input', "loaders: 'no-such-loader' is not a known loader");
    edit(owner, { game_versions: ['0.0.0'] }).thenError('invalid_input', "game_versions: '0.0.0' is not a known game version");
    edit(owner, { name: 'x' }, 'Dependency version X does not exist').thenError('invalid_input', 'Dependency version X does not exist');
  });
});

describe('version decider: files and delete', () => {
  it('adds files (never primary, never duplicates)', () => {
    G()
      .when({ kind: 'add-files', actor: OWNER, access: owner, files: [file('c', true)] })
      .then([VersionFileAdded({ project_id: PROJECT_ID, file: file('c') })]);
    G()
      .when({ kind: 'add-files', actor: OWNER, access: owner, files: [file('b')] })
      .thenError('invalid_input');
  });
  it('removes a file with DELETE_VERSION but never the last one', () => {
    G()
      .when({ kind: 'remove-file', actor: OWNER, access: owner, hash: 'b'.repeat(40) })
      .then([VersionFileRemoved({ project_id: PROJECT_ID, sha1: 'b'.repeat(40) })]);
    G()
      .when({ kind: 'remove-file', actor: OWNER, access: uploader, hash: 'b'.repeat(40) })
      .thenError('unauthorized');
    G([...published, VersionFileRemoved({ project_id: PROJECT_ID, sha1: 'b'.repeat(40) })])
      .when({ kind: 'remove-file', actor: OWNER, access: owner, hash: 'a'.repeat(40) })
      .thenError('invalid_input');
    G()
      .when({ kind: 'remove-file', actor: OWNER, access: owner, hash: 'f'.repeat(40) })
      .thenError('not_found');
  });
  it('deletes with DELETE_VERSION', () => {
    G()
      .when({ kind: 'delete', actor: OWNER, access: owner })
      .then([VersionDeleted({ project_id: PROJECT_ID })]);
    G().when({ kind: 'delete', actor: OWNER, access: uploader }).thenError('unauthorized');
  });
});
