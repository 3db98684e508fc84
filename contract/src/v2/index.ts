/**
 * The zod schemas of the /v2 wire, one file per resource: the answers (strict objects, the
 * OpenAPI document's component schemas) and the inputs (`*.inputs.ts`, and the smaller
 * resources' inputs beside their answers). The services validate and document with them; the
 * front end takes their types (`import type`), so zod stays out of the browser bundles.
 */
export * from './common';
export * as fields from './fields';
export * from './error';
export * from './project';
export * from './project.inputs';
export * from './version';
export * from './version.inputs';
export * from './search';
export * from './user';
export * from './team';
export * from './report';
export * from './tag';
export * from './collection';
export * from './organization';
export * from './notification';
export * from './thread';
export * from './moderation';
export * from './schedule';
export * from './account';
export * from './oauth';
export * from './billing';
export * from './payout';
export * from './analytics';
export * from './version-file';
export * from './params';
