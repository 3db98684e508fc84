export * from './blob-store';
export { LocalBlobStore } from './local-blob-store';
