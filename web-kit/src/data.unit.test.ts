import { describe, expect, it } from 'vitest';
import { projectPath, projectTypeSegment, versionPath, signInPath } from './paths';
import { deriveVersions, findVersion, primaryFile } from './versions';
import type { User, Version } from './types';

describe('project paths', () => {
  it('uses the slug, else the id', () => {
    expect(projectPath({ id: 'AbCd1234', slug: 'cool-mod', project_type: 'mod', loaders: ['coreengine'] })).toBe('/mod/cool-mod');
    expect(projectPath({ id: 'AbCd1234', slug: null, project_type: 'modpack' })).toBe('/modpack/AbCd1234');
    expect(projectPath({ project_id: 'Zz', slug: '', project_type: 'server' })).toBe('/server/Zz');
  });
  it('shows a mod with the behavior-pack loader under behaviorpack', () => {
    expect(projectTypeSegment({ project_type: 'mod', loaders: ['behaviorpack'] })).toBe('behaviorpack');
    expect(projectPath({ slug: 'bp', project_type: 'mod', categories: ['adventure', 'behaviorpack'] })).toBe('/behaviorpack/bp');
    expect(projectTypeSegment({ project_type: 'modpack', loaders: ['behaviorpack'] })).toBe('modpack');
    expect(versionPath({ slug: 'x', project_type: 'mod' }, '1.0')).toBe('/mod/x/version/1.0');
  });
  it('builds the sign-in path with a way back', () => {
    expect(signInPath('/mod/x?a=1')).toBe('/auth/sign-in?redirect=%2Fmod%2Fx%3Fa%3D1');
  });
});

function v(id: string, number: string, date: string, changelog: string, files: Version['files'] = []): Version {
  return {
    id,
    project_id: 'p',
    author_id: 'u1',
    name: number,
    version_number: number,
    changelog,
    changelog_url: null,
    environment: 'unknown',
    dependencies: [],
    game_versions: [],
    loaders: [],
    version_type: 'release',
    featured: false,
    status: 'listed',
    requested_status: null,
    date_published: date,
    downloads: 0,
    files,
  };
}

const alice: User = {
  id: 'u1',
  username: 'alice',
  name: null,
  email: null,
  bio: null,
  avatar_url: null,
  created: '',
  role: 'developer',
  badges: 0,
  auth_providers: null,
  email_verified: null,
  has_password: null,
  has_totp: null,
  payout_data: null,
  github_id: null,
};

describe('derived version fields', () => {
  const file = (name: string, primary: boolean) => ({ hashes: { sha1: '', sha512: '' }, url: `/f/${name}`, filename: name, primary, size: 1, file_type: null });
  it('picks the flagged primary file, else the first, else an unknown placeholder', () => {
    expect(primaryFile({ files: [file('a', false), file('b', true)] }).filename).toBe('b');
    expect(primaryFile({ files: [file('a', false), file('b', false)] }).filename).toBe('a');
    expect(primaryFile({ files: [] })).toMatchObject({ filename: 'unknown', size: 0 });
  });
  it('URL ending is the number, or the id when the number was already used; duplicates flagged', () => {
    const list = deriveVersions(
      [v('v1', '1.0', '2024-01-01T00:00:00Z', 'first'), v('v2', '1.0', '2024-02-01T00:00:00Z', 'first'), v('v3', '2.0', '2024-03-01T00:00:00Z', 'new')],
      [{ team_id: 't', role: 'Owner', accepted: true, user: alice, is_owner: true, permissions: null, payouts_split: null, ordering: 0 }],
    );
    expect(list.map((x) => x.id)).toEqual(['v3', 'v2', 'v1']);
    expect(list.map((x) => x.displayUrlEnding)).toEqual(['2.0', 'v2', '1.0']);
    expect(list.map((x) => x.duplicate)).toEqual([false, true, false]);
    expect(list[0].author?.username).toBe('alice');
    expect(findVersion(list, 'v2')?.id).toBe('v2');
    expect(findVersion(list, '1.0')?.id).toBe('v1');
  });
});
