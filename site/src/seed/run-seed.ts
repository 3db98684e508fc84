import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_USERS, demoCatalogue, type DemoProject } from './demo-catalogue';
import { demoPng } from './images';
import { Rng } from './random';

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

export interface SeedOptions {
  projects: number;
  /** a staff session token (admin or moderator) that approves the demo projects */
  staffToken: string;
  /** headers sent with every seed request (e.g. the rate-limit bypass key) */
  headers?: Record<string, string>;
  /** optional progress callback */
  progress?: (done: number, total: number) => void;
}

export interface SeedResult {
  users: number;
  projects: number;
  versions: number;
  follows: number;
  downloads: number;
  organizations: number;
  collections: number;
}

/**
 * Creates the demo catalogue through the site's real HTTP commands (the same
 * routes a client uses): sign-ups, project creation with icons, gallery,
 * versions with files, review and approval, follows and counted downloads.
 */
export async function seedDemoCatalogue(app: FastifyInstance, options: SeedOptions): Promise<SeedResult> {
  const rng = new Rng(7);
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string | null,
    payload?: unknown,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ): Promise<LightMyRequestResponse> => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: token } : {}), 'user-agent': 'modshelf-seed/1.0', ...options.headers, ...headers },
      payload: payload as never,
      remoteAddress,
    });
    if (res.statusCode >= 400) throw new Error(`seed: ${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res;
  };

  // authors sign up through the same route as everybody else
  const tokens: string[] = [];
  for (const username of DEMO_USERS) {
    const res = await call('POST', '/v2/auth/create', null, {
      username,
      password: `demo-${username}-password`,
      email: `${username}@demo.modshelf.invalid`,
    });
    tokens.push(res.json().session);
  }

  const catalogue = demoCatalogue(options.projects);
  let versions = 0;
  let downloads = 0;
  const ids: string[] = [];
  for (const [i, p] of catalogue.entries()) {
    const token = tokens[p.authorIndex];
    const id = await createProject(call, token, p);
    ids.push(id);
    for (const g of p.gallery) {
      const q = new URLSearchParams({ ext: 'png', featured: String(g.featured), title: g.title, description: g.description });
      await call('POST', `/v2/project/${id}/gallery?${q}`, token, demoPng(g.color, 320, 180), { 'content-type': 'image/png' });
    }
    let downloadPath: string | null = null;
    for (const v of p.versions) {
      const parts = v.files.map((f, n) => ({ name: `file${n}`, filename: f.filename, body: f.bytes }));
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
      const created = await call('POST', '/v2/version', token, multipart([{ name: 'data', body: JSON.stringify(data) }, ...parts]), {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      });
      const fileUrl: string | undefined = created.json().files?.[0]?.url;
      if (fileUrl) downloadPath = new URL(fileUrl).pathname;
      versions++;
    }
    // submit for review, then staff approve; a few are archived by their owners afterwards
    await call('PATCH', `/v2/project/${id}`, token, { status: 'processing' });
    await call('PATCH', `/v2/project/${id}`, options.staffToken, { status: 'approved' });
    if (p.status === 'archived') await call('PATCH', `/v2/project/${id}`, token, { status: 'archived' });
    // downloads, through the real file route: one per simulated client address (they are deduplicated per client)
    if (downloadPath) {
      for (let d = 0; d < p.downloads; d++) {
        await call('GET', downloadPath, null, undefined, {}, `198.${18 + ((d >> 16) & 1)}.${(d >> 8) & 255}.${d & 255}`);
      }
      downloads += p.downloads;
    }
    options.progress?.(i + 1, catalogue.length);
  }

  // organizations: a few authors group their projects under a studio
  const studios = ['Blockworks Studio', 'Mossy Labs', 'Redstone Guild', 'Pixel Forge', 'Nether Collective', 'Sky Island Crew'];
  let organizations = 0;
  const authors = [...new Set(catalogue.map((p) => p.authorIndex))];
  const inOrganization = new Set<string>();
  for (const [n, name] of studios.entries()) {
    if (n >= authors.length) break;
    const authorIndex = authors[n];
    const token = tokens[authorIndex];
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const org = await call('POST', '/v2/organization', token, { slug, name, description: `${name} makes add-ons together.` });
    const orgId: string = org.json().id;
    await call('PATCH', `/v2/organization/${orgId}/icon?ext=png`, token, demoPng([40 + n * 30, 120, 200 - n * 20]), { 'content-type': 'image/png' });
    const own = catalogue.map((p, i) => ({ p, id: ids[i] })).filter((x) => x.p.authorIndex === authorIndex && !inOrganization.has(x.id)).slice(0, 5);
    for (const x of own) inOrganization.add(x.id);
    for (const x of own) await call('POST', `/v2/organization/${orgId}/projects`, token, { project_id: x.id });
    organizations++;
  }

  // collections: some users keep public lists of favourites
  let collections = 0;
  for (const [u, token] of tokens.entries()) {
    if (u % 3 !== 0) continue;
    const picks = rng.sample(ids, rng.int(3, 8));
    const created = await call('POST', '/v2/collection', token, {
      name: `${DEMO_USERS[u].replace(/_/g, ' ')}'s favourites`,
      description: 'Add-ons I keep coming back to.',
      projects: picks,
    });
    await call('PATCH', `/v2/collection/${created.json().id}`, token, { status: 'listed' });
    collections++;
  }

  // followers: every demo user follows a handful of projects, popular ones more often
  let follows = 0;
  for (const token of tokens) {
    const n = rng.int(3, 15);
    const picked = new Set<string>();
    while (picked.size < Math.min(n, ids.length)) {
      const idx = Math.min(ids.length - 1, Math.floor(Math.pow(rng.next(), 2) * ids.length));
      picked.add(ids[idx]);
    }
    for (const id of picked) {
      await call('POST', `/v2/project/${id}/follow`, token);
      follows++;
    }
  }
  return { users: tokens.length, projects: ids.length, versions, follows, downloads, organizations, collections };
}

type Call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  headers?: Record<string, string>,
  remoteAddress?: string,
) => Promise<LightMyRequestResponse>;

async function createProject(call: Call, token: string, p: DemoProject): Promise<string> {
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
  const res = await call(
    'POST',
    '/v2/project',
    token,
    multipart([
      { name: 'data', body: JSON.stringify(data) },
      { name: 'icon', filename: 'icon.png', contentType: 'image/png', body: demoPng(p.color) },
    ]),
    { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  );
  return res.json().id;
}
