import type { FastifyInstance } from 'fastify';
import { DEMO_USERS, demoCatalogue, demoFileBytes, type DemoProject } from './demo-catalogue';
import { demoPng } from './images';
import { Rng } from '@modshelf/events/generator';
import { SeedClient } from './seed-client';

const BOUNDARY = '----modshelf-seed-boundary';

function multipart(parts: Array<{ name: string; filename?: string; contentType?: string; body: Buffer | string }>): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename) head += `; filename="${p.filename}"`;
    head += `\r\nContent-Type: ${p.contentType ?? (p.filename ? 'application/octet-stream' : 'application/json')}\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The seed's steps, in order; progress reports which one it is in. */
export type SeedPhase = 'users' | 'projects' | 'organizations' | 'collections' | 'follows';

export interface SeedOptions {
  projects: number;
  /** a staff session token (admin or moderator) that approves the demo projects */
  staffToken: string;
  /** headers sent with every seed request (e.g. the rate-limit bypass key) */
  headers?: Record<string, string>;
  /** the log position the state checks must see (the log's head when the seed starts) */
  startPosition?: number;
  /** appends the downloads counted so far (the counter batches them in memory) */
  flushDownloads?: () => Promise<void>;
  /** optional progress callback: `done` of `total` steps of the phase */
  progress?: (phase: SeedPhase, done: number, total: number) => void;
}

/** The demo catalogue's size (the same whether the seed ran at once or was resumed). */
export interface SeedResult {
  users: number;
  projects: number;
  versions: number;
  follows: number;
  downloads: number;
  organizations: number;
  collections: number;
}

interface ProjectView {
  id: string;
  status: string;
  downloads: number;
  organization: string | null;
  gallery: Array<{ title: string | null }>;
}
interface VersionView {
  version_number: string;
  files: Array<{ url: string; primary: boolean }>;
}

const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/**
 * Creates the demo catalogue through the site's real HTTP commands (the same
 * routes a client uses): sign-ups, project creation with icons, gallery,
 * versions with files, review and approval, follows and counted downloads.
 *
 * Resumable: every step first reads the state it would create (through the query
 * routes, after the projections pass the seed's last write) and does only what is
 * missing, so a run interrupted at any point (kill -9 included) and started again
 * converges on the same catalogue as an uninterrupted one.
 */
export async function seedDemoCatalogue(app: FastifyInstance, options: SeedOptions): Promise<SeedResult> {
  const rng = new Rng(7);
  const client = new SeedClient(app, options.headers ?? {}, options.startPosition ?? 0);
  const progress = options.progress ?? (() => {});

  // authors sign up through the same route as everybody else; one who exists already signs in
  const tokens: string[] = [];
  for (const [n, username] of DEMO_USERS.entries()) {
    const password = `demo-${username}-password`;
    const created = await client.send({
      method: 'POST',
      url: '/v2/auth/create',
      payload: { username, password, email: `${username}@demo.modshelf.invalid` },
    });
    let session: string;
    if (created.statusCode === 200) session = created.json().session;
    else if (created.statusCode === 400 && /taken|already in use/i.test(created.json().description ?? '')) {
      // an earlier run created the account (sign-in also finishes a registration a crash interrupted)
      session = (await client.ok({ method: 'POST', url: '/v2/auth/login', payload: { username, password } })).json().session;
    } else throw new Error(`seed: POST /v2/auth/create -> ${created.statusCode} ${created.body.slice(0, 500)}`);
    tokens.push(session);
    progress('users', n + 1, DEMO_USERS.length);
  }

  const catalogue = demoCatalogue(options.projects);
  let versions = 0;
  let downloads = 0;
  const ids: string[] = [];
  for (const [i, p] of catalogue.entries()) {
    const token = tokens[p.authorIndex];
    const project = (await client.find<ProjectView>(`/v2/project/${p.slug}`, token)) ?? (await createProject(client, token, p));
    const id = project.id;
    ids.push(id);
    const titles = new Set(project.gallery.map((g) => g.title));
    for (const g of p.gallery) {
      if (titles.has(g.title)) continue;
      const q = new URLSearchParams({ ext: 'png', featured: String(g.featured), title: g.title, description: g.description });
      await client.ok({
        method: 'POST',
        url: `/v2/project/${id}/gallery?${q}`,
        token,
        payload: demoPng(g.color, 320, 180),
        headers: { 'content-type': 'image/png' },
      });
    }
    const published = new Map((await client.find<VersionView[]>(`/v2/project/${id}/version`, token))!.map((v) => [v.version_number, v]));
    let downloadPath: string | null = null;
    for (const v of p.versions) {
      let version = published.get(v.version_number);
      if (!version) {
        const parts = v.files.map((f, n) => ({ name: `file${n}`, filename: f.filename, body: demoFileBytes(p, v.version_number, f) }));
        const data = {
          project_id: id,
          name: v.name,
          version_number: v.version_number,
          changelog: v.changelog,
          dependencies: [],
          game_versions: v.game_versions,
          version_type: v.version_type,
          loaders: v.loaders,
          featured: false,
          status: 'listed',
          file_parts: parts.map((x) => x.name),
          primary_file: 'file0',
        };
        const res = await client.ok({
          method: 'POST',
          url: '/v2/version',
          token,
          payload: multipart([{ name: 'data', body: JSON.stringify(data) }, ...parts]),
          headers: MULTIPART,
        });
        version = res.json() as VersionView;
      }
      const file = version.files.find((f) => f.primary) ?? version.files[0];
      if (file) downloadPath = new URL(file.url).pathname;
      versions++;
    }
    // submit for review, then staff approve; a few are archived by their owners afterwards
    let status = project.status;
    if (status === 'draft') status = (await client.ok({ method: 'PATCH', url: `/v2/project/${id}`, token, payload: { status: 'processing' } }), 'processing');
    if (status === 'processing')
      status = (await client.ok({ method: 'PATCH', url: `/v2/project/${id}`, token: options.staffToken, payload: { status: 'approved' } }), 'approved');
    if (status === 'approved' && p.status === 'archived')
      await client.ok({ method: 'PATCH', url: `/v2/project/${id}`, token, payload: { status: 'archived' } });
    // downloads, through the real file route: one per simulated client address (they are deduplicated per
    // client); the ones an earlier run counted are not repeated, and they are appended before moving on
    if (downloadPath) {
      for (let d = project.downloads; d < p.downloads; d++) {
        await client.ok({ method: 'GET', url: downloadPath, remoteAddress: `198.${18 + ((d >> 16) & 1)}.${(d >> 8) & 255}.${d & 255}` });
      }
      if (project.downloads < p.downloads) await options.flushDownloads?.();
      downloads += p.downloads;
    }
    progress('projects', i + 1, catalogue.length);
  }

  // organizations: a few authors group their projects under a studio
  const studios = ['Blockworks Studio', 'Mossy Labs', 'Redstone Guild', 'Pixel Forge', 'Nether Collective', 'Sky Island Crew'];
  let organizations = 0;
  const authors = [...new Set(catalogue.map((p) => p.authorIndex))];
  const inOrganization = new Set<string>();
  const studioCount = Math.min(studios.length, authors.length);
  for (const [n, name] of studios.entries()) {
    if (n >= authors.length) break;
    const authorIndex = authors[n];
    const token = tokens[authorIndex];
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    let org = await client.find<{ id: string; icon_url: string | null }>(`/v2/organization/${slug}`, token);
    if (!org)
      org = (
        await client.ok({ method: 'POST', url: '/v2/organization', token, payload: { slug, name, description: `${name} makes add-ons together.` } })
      ).json() as { id: string; icon_url: string | null };
    const orgId = org.id;
    if (!org.icon_url) {
      await client.ok({
        method: 'PATCH',
        url: `/v2/organization/${orgId}/icon?ext=png`,
        token,
        payload: demoPng([40 + n * 30, 120, 200 - n * 20]),
        headers: { 'content-type': 'image/png' },
      });
    }
    const own = catalogue
      .map((p, i) => ({ p, id: ids[i] }))
      .filter((x) => x.p.authorIndex === authorIndex && !inOrganization.has(x.id))
      .slice(0, 5);
    for (const x of own) inOrganization.add(x.id);
    const member = new Set((await client.find<Array<{ id: string }>>(`/v2/organization/${orgId}/projects`, token))!.map((x) => x.id));
    for (const x of own)
      if (!member.has(x.id)) await client.ok({ method: 'POST', url: `/v2/organization/${orgId}/projects`, token, payload: { project_id: x.id } });
    organizations++;
    progress('organizations', organizations, studioCount);
  }

  // collections: some users keep public lists of favourites
  let collections = 0;
  for (const [u, token] of tokens.entries()) {
    if (u % 3 !== 0) continue;
    const picks = rng.sample(ids, rng.int(3, 8));
    const name = `${DEMO_USERS[u].replace(/_/g, ' ')}'s favourites`;
    const mine = (await client.find<Array<{ id: string; name: string; status: string }>>(`/v2/user/${DEMO_USERS[u]}/collections`, token)) ?? [];
    let collection = mine.find((c) => c.name === name);
    if (!collection) {
      collection = (
        await client.ok({ method: 'POST', url: '/v2/collection', token, payload: { name, description: 'Add-ons I keep coming back to.', projects: picks } })
      ).json() as { id: string; name: string; status: string };
    }
    if (collection.status !== 'listed') await client.ok({ method: 'PATCH', url: `/v2/collection/${collection.id}`, token, payload: { status: 'listed' } });
    collections++;
    progress('collections', collections, Math.ceil(tokens.length / 3));
  }

  // followers: every demo user follows a handful of projects, popular ones more often
  let follows = 0;
  for (const [u, token] of tokens.entries()) {
    const n = rng.int(3, 15);
    const picked = new Set<string>();
    while (picked.size < Math.min(n, ids.length)) {
      const idx = Math.min(ids.length - 1, Math.floor(Math.pow(rng.next(), 2) * ids.length));
      picked.add(ids[idx]);
    }
    const followed = new Set((await client.find<Array<{ id: string }>>(`/v2/user/${DEMO_USERS[u]}/follows`, token))!.map((x) => x.id));
    for (const id of picked) {
      if (!followed.has(id)) await client.ok({ method: 'POST', url: `/v2/project/${id}/follow`, token });
      follows++;
    }
    progress('follows', u + 1, tokens.length);
  }
  return { users: tokens.length, projects: ids.length, versions, follows, downloads, organizations, collections };
}

async function createProject(client: SeedClient, token: string, p: DemoProject): Promise<ProjectView> {
  const data = {
    slug: p.slug,
    title: p.title,
    description: p.description,
    body: p.body,
    project_type: p.type === 'behaviorpack' ? 'mod' : p.type,
    categories: p.categories,
    additional_categories: p.additional_categories,
    client_side: p.client_side,
    server_side: p.server_side,
    license_id: p.license_id,
    license_url: null,
    source_url: p.source_url,
    issues_url: p.issues_url,
    wiki_url: p.wiki_url,
    discord_url: p.discord_url,
    donation_urls: p.donation_urls,
    initial_versions: [],
    is_draft: true,
    requested_status: p.status === 'archived' ? 'archived' : 'approved',
  };
  const res = await client.ok({
    method: 'POST',
    url: '/v2/project',
    token,
    payload: multipart([
      { name: 'data', body: JSON.stringify(data) },
      { name: 'icon', filename: 'icon.png', contentType: 'image/png', body: demoPng(p.color) },
    ]),
    headers: MULTIPART,
  });
  const created = res.json() as Partial<ProjectView> & { id: string };
  return { id: created.id, status: created.status ?? 'draft', downloads: 0, organization: null, gallery: [] };
}
