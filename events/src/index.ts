export * from './envelope';
export * from './ids';
export * from './registry';
export * from './catalogue/index';
export type { EventStore, EventHandler, Subscription, ReadAllOptions, ReadStreamOptions } from './store/port';
export { SqliteEventStore, type SqliteEventStoreOptions } from './store/sqlite';
export type { Actor, AccountRecord, CredentialStore, TicketRecord, TokenKind, TokenRecord, TotpRecord, UserRole } from './credentials/port';
export { CredentialConflictError } from './credentials/port';
export { SqliteCredentialStore, type SqliteCredentialStoreOptions } from './credentials/sqlite';
