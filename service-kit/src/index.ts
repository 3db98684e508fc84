export * from './api-error';
export * from './error-handler';
export * from './positions';
export * from "./scopes";
export * from './auth';
export * from './openapi';
export * from './environment';
export * from './query-guard';
