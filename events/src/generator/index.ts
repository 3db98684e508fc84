export {
  generateCatalogue,
  type CatalogueOptions,
  type GeneratedFile,
  type GeneratedProject,
  type GeneratedType,
  type GeneratedVersion,
  type Rgb,
} from './catalogue';
export { type LogFollower } from './bulk-log-writer';
export { catalogueAppends } from './catalogue-appends';
export { randomIds, type GeneratedIds } from './random-ids';
export { writeCatalogueEvents, type WriteCatalogueOptions } from './write-events';
export { Rng } from './random';
export { ADJECTIVES, NOUNS, slugify } from './words';
