import { describe, expect, it } from 'vitest';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@modshelf/contract/scopes';
import {
  accessOf,
  canSubmitForReview,
  changedFields,
  has,
  nextVersionNumber,
  parseNewVersionParam,
  togglePermission,
  validUrl,
  versionFormData,
  versionFromFilename,
} from './lib';

const member = (id: string, extra: Record<string, unknown> = {}) =>
  ({
    team_id: 't',
    user: { id, username: id, created: '', role: 'developer' },
    role: 'Member',
    permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION,
    accepted: true,
    ...extra,
  }) as never;

describe('project author tabs: rules', () => {
  it('gives owners and staff every permission, members their bits, others none', () => {
    const members = [member('owner', { is_owner: true, permissions: 0 }), member('dev'), member('invited', { accepted: false })];
    expect(accessOf({ id: 'owner', role: 'developer' }, members).permissions).toBe(ALL_PROJECT_PERMISSIONS);
    expect(accessOf({ id: 'dev', role: 'developer' }, members).permissions).toBe(PROJECT_PERMISSIONS.UPLOAD_VERSION);
    expect(accessOf({ id: 'invited', role: 'developer' }, members).member).toBeNull();
    expect(accessOf({ id: 'mod', role: 'moderator' }, members)).toMatchObject({ staff: true, permissions: ALL_PROJECT_PERMISSIONS });
    expect(accessOf(null, members).permissions).toBe(0);
  });

  it('toggles permission bits', () => {
    let p = 0;
    p = togglePermission(p, 'EDIT_BODY', true);
    p = togglePermission(p, 'DELETE_PROJECT', true);
    expect(p).toBe((1 << 3) | (1 << 7));
    expect(has(p, 'EDIT_BODY')).toBe(true);
    p = togglePermission(p, 'EDIT_BODY', false);
    expect(has(p, 'EDIT_BODY')).toBe(false);
    expect(p).toBe(1 << 7);
  });

  it('allows submitting for review from draft, rejected or withheld with a version', () => {
    expect(canSubmitForReview({ status: 'draft', versions: ['v'] })).toEqual({ ok: true, reason: null });
    expect(canSubmitForReview({ status: 'rejected', versions: ['v'] }).ok).toBe(true);
    expect(canSubmitForReview({ status: 'draft', versions: [] })).toEqual({ ok: false, reason: 'versions' });
    expect(canSubmitForReview({ status: 'processing', versions: ['v'] })).toEqual({ ok: false, reason: 'status' });
    expect(canSubmitForReview({ status: 'approved', versions: ['v'] }).ok).toBe(false);
  });

  it('reads version/{version}-new', () => {
    expect(parseNewVersionParam('1.2.0-new')).toBe('1.2.0');
    expect(parseNewVersionParam('new')).toBe('');
    expect(parseNewVersionParam('1.2.0')).toBeNull();
    expect(parseNewVersionParam('abc')).toBeNull();
  });

  it('suggests the next version number', () => {
    expect(nextVersionNumber(undefined)).toBe('1.0.0');
    expect(nextVersionNumber('1.2.9')).toBe('1.2.10');
    expect(nextVersionNumber('2.0-beta3')).toBe('2.0-beta4');
    expect(nextVersionNumber('v1')).toBe('v2');
    expect(nextVersionNumber('alpha')).toBe('alpha.1');
  });

  it('guesses a version number from a file name', () => {
    expect(versionFromFilename('lantern-tweaks-1.0.0.zip')).toBe('1.0.0');
    expect(versionFromFilename('mod_2.3.1-beta.jar')).toBe('2.3.1-beta');
    expect(versionFromFilename('readme.txt')).toBeNull();
  });

  it('checks links', () => {
    expect(validUrl('')).toBe(true);
    expect(validUrl('https://example.com/x')).toBe(true);
    expect(validUrl('javascript:alert(1)')).toBe(false);
    expect(validUrl('example.com')).toBe(false);
  });

  it('sends only changed fields', () => {
    expect(changedFields<Record<string, unknown>>({ a: 1, b: ['x'], c: null }, { a: 1, b: ['x', 'y'], c: '' })).toEqual({ b: ['x', 'y'], c: '' });
    expect(changedFields({ a: 'same', b: [1, 2] }, { a: 'same', b: [1, 2] })).toEqual({});
  });

  it('builds the POST /v2/version body with data first and the primary file named', async () => {
    const files = [new File(['a'], 'a.zip'), new File(['bb'], 'b.zip')];
    const fd = versionFormData(
      'P1',
      {
        name: '',
        version_number: '1.0.0',
        changelog: '',
        version_type: 'release',
        loaders: ['coreengine'],
        game_versions: ['1.11.4'],
        dependencies: [],
        featured: false,
      },
      files,
      1,
    );
    const keys = [...fd.keys()];
    expect(keys).toEqual(['data', 'file-0', 'file-1']);
    const data = JSON.parse(fd.get('data') as string);
    expect(data).toMatchObject({ project_id: 'P1', name: '1.0.0', changelog: null, file_parts: ['file-0', 'file-1'], primary_file: 'file-1' });
    expect((fd.get('file-1') as File).name).toBe('b.zip');
  });
});

describe('toLocalInput', () => {
  it('gives the local time a datetime-local input reads back to the same instant (to the second)', async () => {
    const { toLocalInput } = await import('./lib');
    const iso = '2026-05-04T03:02:01.000Z';
    const v = toLocalInput(iso);
    expect(v).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(new Date(v).toISOString()).toBe(iso);
    expect(toLocalInput('not a time')).toBe('');
  });
});
