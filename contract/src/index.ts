/**
 * The wire contract, shared by the services and the front end: framework-free (zod only).
 * Nothing here imports a service, HTTP, React or the event store. The zod schemas of the /v2
 * inputs and answers are under `@modshelf/contract/v2` (one module per resource, `./v2/<name>`).
 */
export * from './tags';
export * from './scopes';
export * from './project-access';
export * from './project-status';
export * from './headers';
export * from './errors';
export * from './environment';
