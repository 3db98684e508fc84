import { z } from 'zod';
import {
  bulkEditInput,
  createProjectInput,
  createReportInput,
  createVersionInput,
  deleteFileQuery,
  editMemberInput,
  editProjectInput,
  editReportInput,
  editVersionInput,
  galleryAddQuery,
  galleryDeleteQuery,
  galleryEditQuery,
  iconQuery,
  inviteInput,
  scheduleProjectInput,
  scheduleVersionInput,
  userIdInput,
  viewInput,
} from '@modshelf/contract/v2';
import type { ScopeName } from '@modshelf/service-kit';

type Body = { kind: 'json' | 'multipart' | 'image' | 'none'; schema?: z.ZodType };

/** One command route with its scopes and zod input schemas (the OpenAPI document is generated from these). */
export interface CommandRouteDoc {
  method: 'post' | 'patch' | 'delete' | 'get';
  path: string;
  summary: string;
  scope?: ScopeName;
  /** further scopes the route needs beside `scope` */
  alsoScopes?: ScopeName[];
  body: Body;
  query?: z.ZodObject;
  answer: 200 | 204;
}

/** The change (image body, `iconQuery`) and delete routes of the icon at `path`; `owner` is e.g. "a project's". */
export function iconRoutes(path: string, owner: string, scope: ScopeName): CommandRouteDoc[] {
  return [
    { method: 'patch', path, summary: `Change ${owner} icon (image body, up to 256 KiB)`, scope, body: { kind: 'image' }, query: iconQuery, answer: 204 },
    { method: 'delete', path, summary: `Delete ${owner} icon`, scope, body: { kind: 'none' }, answer: 204 },
  ];
}

/** The catalogue's command routes. */
export const CATALOGUE_COMMAND_ROUTES: CommandRouteDoc[] = [
  {
    method: 'post',
    path: '/v2/project',
    summary: 'Create a project (multipart: `data` + optional `icon`, gallery items, initial version files)',
    scope: 'PROJECT_CREATE',
    body: { kind: 'multipart', schema: createProjectInput },
    answer: 200,
  },
  {
    method: 'patch',
    path: '/v2/project/{id|slug}',
    summary: 'Modify a project (fields and status)',
    scope: 'PROJECT_WRITE',
    body: { kind: 'json', schema: editProjectInput },
    answer: 204,
  },
  {
    method: 'patch',
    path: '/v2/projects',
    summary: 'Bulk-edit projects (?ids=[...])',
    scope: 'PROJECT_WRITE',
    body: { kind: 'json', schema: bulkEditInput },
    answer: 204,
  },
  { method: 'delete', path: '/v2/project/{id|slug}', summary: 'Delete a project', scope: 'PROJECT_DELETE', body: { kind: 'none' }, answer: 204 },
  ...iconRoutes('/v2/project/{id|slug}/icon', "a project's", 'PROJECT_WRITE'),
  {
    method: 'post',
    path: '/v2/project/{id|slug}/gallery',
    summary: 'Add a gallery image (image body, up to 5 MiB)',
    scope: 'PROJECT_WRITE',
    body: { kind: 'image' },
    query: galleryAddQuery,
    answer: 204,
  },
  {
    method: 'patch',
    path: '/v2/project/{id|slug}/gallery',
    summary: 'Modify a gallery image',
    scope: 'PROJECT_WRITE',
    body: { kind: 'none' },
    query: galleryEditQuery,
    answer: 204,
  },
  {
    method: 'delete',
    path: '/v2/project/{id|slug}/gallery',
    summary: 'Delete a gallery image',
    scope: 'PROJECT_WRITE',
    body: { kind: 'none' },
    query: galleryDeleteQuery,
    answer: 204,
  },
  {
    method: 'post',
    path: '/v2/project/{id|slug}/schedule',
    summary: 'Schedule a project: `scheduled` until `time` (in the future), then `requested_status`; posting again reschedules',
    scope: 'PROJECT_WRITE',
    body: { kind: 'json', schema: scheduleProjectInput },
    answer: 204,
  },
  {
    method: 'delete',
    path: '/v2/project/{id|slug}/schedule',
    summary: 'Cancel a scheduled release: the project returns to its status before scheduling (not in Modrinth)',
    scope: 'PROJECT_WRITE',
    body: { kind: 'none' },
    answer: 204,
  },
  {
    method: 'get',
    path: '/v2/project/{id|slug}/schedule',
    summary: "The project's pending release {time, requested_status}, for team members who may edit it (not in Modrinth)",
    scope: 'PROJECT_READ',
    body: { kind: 'none' },
    answer: 200,
  },
  { method: 'post', path: '/v2/project/{id|slug}/follow', summary: 'Follow a project', scope: 'USER_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'delete', path: '/v2/project/{id|slug}/follow', summary: 'Unfollow a project', scope: 'USER_WRITE', body: { kind: 'none' }, answer: 204 },
  {
    method: 'post',
    path: '/v2/team/{id}/members',
    summary: 'Invite a user to a team',
    scope: 'PROJECT_WRITE',
    body: { kind: 'json', schema: inviteInput },
    answer: 204,
  },
  { method: 'post', path: '/v2/team/{id}/join', summary: 'Accept a team invite', scope: 'PROJECT_WRITE', body: { kind: 'none' }, answer: 204 },
  {
    method: 'patch',
    path: '/v2/team/{id}/members/{id|username}',
    summary: "Modify a team member's role, permissions or ordering",
    scope: 'PROJECT_WRITE',
    body: { kind: 'json', schema: editMemberInput },
    answer: 204,
  },
  {
    method: 'delete',
    path: '/v2/team/{id}/members/{id|username}',
    summary: 'Remove a team member (or leave)',
    scope: 'PROJECT_WRITE',
    body: { kind: 'none' },
    answer: 204,
  },
  {
    method: 'patch',
    path: '/v2/team/{id}/owner',
    summary: "Transfer a team's ownership",
    scope: 'PROJECT_WRITE',
    body: { kind: 'json', schema: userIdInput },
    answer: 204,
  },
  {
    method: 'post',
    path: '/v2/version',
    summary: 'Create a version (multipart: `data` + the file parts it lists)',
    scope: 'VERSION_CREATE',
    body: { kind: 'multipart', schema: createVersionInput },
    answer: 200,
  },
  {
    method: 'patch',
    path: '/v2/version/{id}',
    summary: 'Modify a version',
    scope: 'VERSION_WRITE',
    body: { kind: 'json', schema: editVersionInput },
    answer: 204,
  },
  { method: 'delete', path: '/v2/version/{id}', summary: 'Delete a version', scope: 'VERSION_DELETE', body: { kind: 'none' }, answer: 204 },
  {
    method: 'post',
    path: '/v2/version/{id}/file',
    summary: 'Add files to a version (multipart: `data` {} + files)',
    scope: 'VERSION_WRITE',
    body: { kind: 'multipart' },
    answer: 204,
  },
  {
    method: 'post',
    path: '/v2/version/{id}/schedule',
    summary: 'Schedule a version: `scheduled` until `time` (in the future), then `requested_status`; posting again reschedules',
    scope: 'VERSION_WRITE',
    body: { kind: 'json', schema: scheduleVersionInput },
    answer: 204,
  },
  {
    method: 'delete',
    path: '/v2/version/{id}/schedule',
    summary: 'Cancel a scheduled release: the version returns to its status before scheduling (not in Modrinth)',
    scope: 'VERSION_WRITE',
    body: { kind: 'none' },
    answer: 204,
  },
  {
    method: 'get',
    path: '/v2/version/{id}/schedule',
    summary: "The version's pending release {time, requested_status}, for team members who may upload (not in Modrinth)",
    scope: 'VERSION_READ',
    body: { kind: 'none' },
    answer: 200,
  },
  {
    method: 'delete',
    path: '/v2/version_file/{hash}',
    summary: 'Delete a file by its sha1 or sha512',
    scope: 'VERSION_WRITE',
    body: { kind: 'none' },
    query: deleteFileQuery,
    answer: 204,
  },
  {
    method: 'post',
    path: '/v2/report',
    summary: 'Report a project, version or user',
    scope: 'REPORT_CREATE',
    body: { kind: 'json', schema: createReportInput },
    answer: 200,
  },
  {
    method: 'patch',
    path: '/v2/report/{id}',
    summary: 'Modify a report (reporter: body; staff: closed)',
    scope: 'REPORT_WRITE',
    body: { kind: 'json', schema: editReportInput },
    answer: 204,
  },
  {
    method: 'post',
    path: '/v2/analytics/view',
    summary: 'Report a project page view `{url}` (no token; counted once per visitor and 15 s, as downloads)',
    body: { kind: 'json', schema: viewInput },
    answer: 204,
  },
  {
    method: 'get',
    path: '/cdn/data/{project_id}/versions/{version_id}/{filename}',
    summary: 'Download a version file (Range supported; counted per client and project)',
    body: { kind: 'none' },
    answer: 200,
  },
];

const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
const ERROR = {
  description: 'Error',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { error: { type: 'string' }, description: { type: 'string' } }, required: ['error', 'description'] },
    },
  },
};

/** OpenAPI 3.1 path items for the catalogue's command routes (or other routes in the same format, e.g. COMMUNITY_COMMAND_ROUTES). */
export function catalogueOpenApiPaths(routes: typeof CATALOGUE_COMMAND_ROUTES = CATALOGUE_COMMAND_ROUTES): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const params = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const query = r.query
      ? Object.entries(jsonSchema(r.query).properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: (jsonSchema(r.query!).required ?? []).includes(name),
          schema,
        }))
      : [];
    const op: Record<string, unknown> = {
      summary: r.summary,
      parameters: [...params, ...query, { name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }],
      ...(r.scope ? { security: [{ TokenAuth: [r.scope, ...(r.alsoScopes ?? [])] }] } : {}),
      responses: {
        [r.answer]: { description: r.answer === 204 ? 'Done; the x-modshelf-position header carries the log position reached' : 'OK' },
        400: ERROR,
        401: ERROR,
        404: ERROR,
        409: ERROR,
        ...(r.body.kind === 'multipart' || r.body.kind === 'image' ? { 413: ERROR } : {}),
      },
    };
    if (r.body.kind === 'json' && r.body.schema) op.requestBody = { content: { 'application/json': { schema: jsonSchema(r.body.schema) } } };
    if (r.body.kind === 'multipart') {
      op.requestBody = {
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { data: r.body.schema ? jsonSchema(r.body.schema) : { type: 'object' } }, required: ['data'] },
          },
        },
      };
    }
    if (r.body.kind === 'image') op.requestBody = { content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } };
    (paths[r.path] ??= {})[r.method] = op;
  }
  return paths;
}
