/** The spec's tags live in the wire contract; the events speak the same vocabulary. */
export * from '@modshelf/contract/tags';
