export {
  generateCatalogue,
  type CatalogueOptions,
  type GeneratedFile,
  type GeneratedProject,
  type GeneratedType,
  type GeneratedVersion,
  type Rgb,
} from './catalogue';
export { writeCatalogueEvents } from './write-events';
export { Rng } from './random';
export { ADJECTIVES, NOUNS, slugify } from './words';
