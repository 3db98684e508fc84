/** Scopes and permission bits are part of the wire contract. */
export * from '@modshelf/contract/scopes';
