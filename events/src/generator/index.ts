export {
  generateCatalogue,
  type CatalogueOptions,
  type GeneratedFile,
  type GeneratedProject,
  type GeneratedType,
  type GeneratedVersion,
  type Rgb,
} from './catalogue';
export { BulkLogWriter } from './bulk-log-writer';
export { LogRows, type LogBatch, type LogFollower } from './log-rows';
export { catalogueAppends } from './catalogue-appends';
export { randomIds, type GeneratedIds } from './random-ids';
export { writeCatalogueEvents, writeLogBatches, type WriteCatalogueOptions } from './write-events';
export { Rng } from './random';
export { ADJECTIVES, NOUNS, slugify } from './words';
