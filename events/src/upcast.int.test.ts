import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_STREAM, ProjectCreated, SqliteEventStore, upcast, newId } from './index';

describe('upcasting', () => {
  it('reads a v1 ProjectCreated from the log back in the current shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'up-'));
    const store = new SqliteEventStore({ path: join(dir, 'e.db') });
    const pid = newId();
    const v1 = {
      project_id: pid,
      team_id: newId(),
      project_type: 'mod',
      owner_id: newId(),
      organization_id: null,
      thread_id: newId(),
      status: 'draft',
      published: '2024-01-01T00:00:00Z',
      slug: 'old-mod',
      title: 'Old mod',
      description: 'An old mod',
      body: '',
      categories: [],
      additional_categories: [],
      license: { id: 'MIT', name: 'MIT License', url: null },
      side: 'client',
      issues_url: null,
      source_url: null,
      wiki_url: null,
      discord_url: null,
      donation_urls: [],
      requested_status: 'approved',
      moderator_message: null,
      monetization_status: 'monetized',
    };
    const meta = { eventId: 'e', commandId: 'c', correlationId: 'c', causationId: 'c', actor: null, time: '2024-01-01T00:00:00Z' };
    await store.append(`project-${pid}`, [{ type: 'ProjectCreated', schemaVersion: 1, data: v1, metadata: meta }], NO_STREAM);
    const [raw] = await store.readStream(`project-${pid}`);
    expect(raw.schemaVersion).toBe(1);
    const current = upcast(raw);
    expect(current.schemaVersion).toBe(ProjectCreated.version);
    expect(ProjectCreated.is(current)).toBe(true);
    const data = ProjectCreated.schema.parse(current.data);
    expect(data.client_side).toBe('required');
    expect(data.server_side).toBe('unsupported');
    expect('side' in (current.data as object)).toBe(false);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves current-version events untouched', () => {
    const e = { type: 'ProjectDeleted', schemaVersion: 1, data: { project_id: 'AAAAAAAA' } };
    expect(upcast(e)).toBe(e);
  });
});
