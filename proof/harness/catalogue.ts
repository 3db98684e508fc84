import { call, multipart, ok, type Answer, type Maybe, type Part } from './api';

export function projectData(slug: string, extra: Record<string, unknown> = {}) {
  return {
    slug,
    title: `Proof ${slug}`,
    description: 'A project made by the proof suites',
    body: '',
    project_type: 'mod',
    categories: ['utility'],
    additional_categories: [],
    client_side: 'required',
    server_side: 'optional',
    license_id: 'MIT',
    initial_versions: [],
    is_draft: true,
    ...extra,
  };
}

/** A create command's answer: the new id, or the error shape. */
export type Created = Maybe<{ id: string }>;

/** POST /v2/project (multipart with a `data` part), as Modrinth's clients send it. */
export function createProjectRequest(url: string, token: string, slug: string, headers: Record<string, string> = {}): Promise<Answer<Created>> {
  const { body, contentType } = multipart([{ name: 'data', data: JSON.stringify(projectData(slug)) }]);
  return call<Created>(url, 'POST', '/v2/project', { token, body, headers: { 'content-type': contentType, ...headers } });
}

export async function createProject(url: string, token: string, slug: string): Promise<string> {
  const a = await createProjectRequest(url, token, slug);
  if (a.status !== 200 || !a.body.id) throw new Error(`create project ${slug} -> ${a.status} ${a.text}`);
  return a.body.id;
}

export function versionData(projectId: string, number: string, fileParts: string[], extra: Record<string, unknown> = {}) {
  return {
    project_id: projectId,
    name: `Proof ${number}`,
    version_number: number,
    changelog: null,
    dependencies: [],
    game_versions: ['1.11.4'],
    version_type: 'release',
    loaders: ['coreengine'],
    featured: false,
    status: 'listed',
    file_parts: fileParts,
    primary_file: fileParts[0],
    ...extra,
  };
}

/** POST /v2/version with the given data and file parts (any bytes, any names). */
export function publishVersionRequest(
  url: string,
  token: string,
  data: unknown,
  files: Part[],
  headers: Record<string, string> = {},
): Promise<Answer<Created>> {
  const { body, contentType } = multipart([{ name: 'data', data: JSON.stringify(data) }, ...files]);
  return call<Created>(url, 'POST', '/v2/version', { token, body, headers: { 'content-type': contentType, ...headers } });
}

export async function publishVersion(
  url: string,
  token: string,
  projectId: string,
  number: string,
  bytes: Buffer | string = `file of ${projectId} ${number}`,
): Promise<string> {
  const a = await publishVersionRequest(url, token, versionData(projectId, number, ['file0']), [
    { name: 'file0', filename: `proof-${projectId}-${number}.jar`, contentType: 'application/java-archive', data: bytes },
  ]);
  if (a.status !== 200 || !a.body.id) throw new Error(`publish version -> ${a.status} ${a.text}`);
  return a.body.id;
}

/** A project with one version, submitted by its author and approved by staff: listed. */
export async function listedProject(url: string, author: string, staff: string, slug: string): Promise<string> {
  const id = await createProject(url, author, slug);
  await publishVersion(url, author, id, '1.0.0');
  await ok(url, 'PATCH', `/v2/project/${id}`, { token: author, json: { status: 'processing' } });
  await ok(url, 'PATCH', `/v2/project/${id}`, { token: staff, json: { status: 'approved' } });
  return id;
}
