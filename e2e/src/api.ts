/**
 * The API steps the browser journeys take before or beside the screen they test (an account, a
 * project with a version, a submission, a staff decision), through one Playwright request context:
 * the cookies a sign-up sets stay with that context, as they would in a browser.
 */
import type { APIRequestContext, APIResponse } from 'playwright-core';
import { expect } from 'vitest';
import { POSITION_HEADER } from '@modshelf/contract';

/** The staff account every blank site starts with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const STAFF = { username: 'e2e_staff', password: 'staff-e2e-password-1' } as const;
/** The password of the accounts the journeys sign up. */
export const PASSWORD = 'correct-horse-battery-staple';
/** A non-browser caller says so (the API's CSRF rule for cookie sessions). */
const CALLER = { 'x-requested-with': 'e2e' };

export type AuthHeaders = Record<string, string>;
export interface Account {
  username: string;
  session: string;
  /** the headers that act as this account */
  auth: AuthHeaders;
}

export interface ProjectFields {
  title: string;
  slug?: string;
  description?: string;
  [field: string]: unknown;
}

export interface VersionFile {
  name: string;
  body: string;
  mimeType?: string;
}

async function ok(res: APIResponse, status = 200): Promise<APIResponse> {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return res;
}

/** A site's API as seen through one request context. */
export class SiteApi {
  constructor(
    readonly request: APIRequestContext,
    readonly url: string,
  ) {}

  /** Signs up `<prefix>_<number>` with PASSWORD. */
  async signUp(prefix: string, password: string = PASSWORD): Promise<Account> {
    const username = `${prefix}_${Date.now() % 1_000_000_000}`;
    const res = await ok(
      await this.request.post(`${this.url}/v2/auth/create`, {
        data: { username, email: `${username}@example.com`, password },
        headers: CALLER,
      }),
    );
    const session = (await res.json()).session as string;
    return { username, session, auth: { authorization: session, ...CALLER } };
  }

  async signIn(username: string, password: string): Promise<Account> {
    const res = await ok(await this.request.post(`${this.url}/v2/auth/login`, { data: { username, password }, headers: CALLER }));
    const session = (await res.json()).session as string;
    return { username, session, auth: { authorization: session, ...CALLER } };
  }

  /** A GET that must answer 200, as this account when `auth` is given. */
  async getJson<T>(path: string, auth?: AuthHeaders): Promise<T> {
    return (await (await ok(await this.request.get(`${this.url}${path}`, { headers: auth }))).json()) as T;
  }

  /** A demo author of the seeded site (password `demo-<username>-password`). */
  signInDemo(username: string): Promise<Account> {
    return this.signIn(username, `demo-${username}-password`);
  }

  /** A draft mod (slug from the title unless given); other fields override the defaults. */
  async createProject(auth: AuthHeaders, { title, slug, description, ...fields }: ProjectFields): Promise<{ id: string; slug: string }> {
    const projectSlug = slug ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const res = await ok(
      await this.request.post(`${this.url}/v2/project`, {
        headers: auth,
        multipart: {
          data: JSON.stringify({
            slug: projectSlug,
            title,
            description: description ?? 'A mod made by a browser test',
            body: '# Hello',
            categories: ['magic'],
            client_side: 'required',
            server_side: 'optional',
            license_id: 'MIT',
            project_type: 'mod',
            is_draft: true,
            ...fields,
          }),
        },
      }),
    );
    return { id: (await res.json()).id as string, slug: projectSlug };
  }

  /** Version 1.0.0 with one file; other fields override the defaults. */
  async uploadVersion(
    auth: AuthHeaders,
    projectId: string,
    file: VersionFile,
    fields: Record<string, unknown> = {},
  ): Promise<{ id: string; files: { url: string }[] }> {
    const res = await ok(
      await this.request.post(`${this.url}/v2/version`, {
        headers: auth,
        multipart: {
          data: JSON.stringify({
            project_id: projectId,
            name: 'First',
            version_number: '1.0.0',
            changelog: 'initial',
            game_versions: ['1.11.4'],
            loaders: ['coreengine'],
            version_type: 'release',
            featured: false,
            dependencies: [],
            file_parts: ['file'],
            ...fields,
          }),
          file: { name: file.name, mimeType: file.mimeType ?? 'application/java-archive', buffer: Buffer.from(file.body) },
        },
      }),
    );
    return (await res.json()) as { id: string; files: { url: string }[] };
  }

  /** Sets a project's status; answers the log position of the change (for read-your-writes). */
  async setStatus(auth: AuthHeaders, projectId: string, status: string): Promise<string> {
    const res = await ok(await this.request.patch(`${this.url}/v2/project/${projectId}`, { headers: auth, data: { status } }), 204);
    return res.headers()[POSITION_HEADER];
  }

  /** The author submits the project for review. */
  submit(auth: AuthHeaders, projectId: string): Promise<string> {
    return this.setStatus(auth, projectId, 'processing');
  }

  /** A staff member (STAFF) approves the project. */
  async approveAsStaff(projectId: string): Promise<string> {
    const staff = await this.signIn(STAFF.username, STAFF.password);
    return this.setStatus(staff.auth, projectId, 'approved');
  }

  /** A draft project with a version, submitted for review. */
  async submittedProject(auth: AuthHeaders, fields: ProjectFields, file: VersionFile) {
    const project = await this.createProject(auth, fields);
    const version = await this.uploadVersion(auth, project.id, file);
    const position = await this.submit(auth, project.id);
    return { ...project, version: version.id, position };
  }
}
