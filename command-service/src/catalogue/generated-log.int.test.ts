import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCatalogueEvents } from '@modshelf/events/generator';
import { createProject, harness, multipart, projectData, publishVersion, type Harness } from './testing/harness';
import { SLUG_TAKEN } from './project/project.service';

type Created = { project_id: string; slug: string };
type Published = { project_id: string; version_number: string; files: Array<{ filename: string; hashes: { sha1: string } }> };

/** The command side on a log the generator's bulk writer wrote: its lookups hold the generated slugs and file hashes. */
describe('commands on a generated log', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
    writeCatalogueEvents(h.store, 20, 42, 0, { lookups: true });
  });
  afterEach(() => h.close());

  it("refuses a generated project's slug and takes a fresh one", async () => {
    const [created] = (await h.events()).filter((e) => e.type === 'ProjectCreated').map((e) => e.data as Created);
    const body = multipart([{ name: 'data', value: JSON.stringify(projectData({ slug: created.slug.toUpperCase() })) }]);
    const taken = await h.app.inject({ method: 'POST', url: '/v2/project', headers: { ...h.as('owner'), ...body.headers }, payload: body.payload });
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain(SLUG_TAKEN);
    expect((await createProject(h, { slug: 'fresh-after-generated' })).slug).toBe('fresh-after-generated');
  });

  it('refuses a file a generated version holds, by its hash, and takes another', async () => {
    const events = await h.events();
    const slugOf = new Map(events.filter((e) => e.type === 'ProjectCreated').map((e) => [(e.data as Created).project_id, (e.data as Created).slug]));
    const [version] = events.filter((e) => e.type === 'VersionPublished').map((e) => e.data as Published);
    const file = version.files[0];
    // the generator's file hashes are those of this text
    const content = `${slugOf.get(version.project_id)}/${version.version_number}/${file.filename}`;
    expect(createHash('sha1').update(content).digest('hex')).toBe(file.hashes.sha1);
    const mine = await createProject(h, { slug: 'mine-on-generated' });
    const duplicate = await publishVersion(h, mine.id, content);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.body).toContain('Duplicate files');
    expect((await publishVersion(h, mine.id, `${content} but mine`)).statusCode).toBe(200);
  });
});
