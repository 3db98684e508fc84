/** Modrinth's v3 environment is part of the wire contract. */
export * from '@modshelf/contract/environment';
