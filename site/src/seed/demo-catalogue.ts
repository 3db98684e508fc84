/**
 * The demo catalogue `npm start` fills: the shared generator's projects (@modshelf/events/generator), owned by
 * these named authors, with real file contents for their uploads.
 */
import { createHash } from 'node:crypto';
import AdmZip from 'adm-zip';
import { PRODUCT_LOADER } from '@modshelf/events';
import { generateCatalogue, Rng, type GeneratedFile, type GeneratedProject } from '@modshelf/events/generator';

export type DemoProject = GeneratedProject;

export const DEMO_USERS = [
  'blockwright',
  'mossy_maker',
  'pixelsmith',
  'redstoner42',
  'cavedweller',
  'skylark',
  'tinkerbot',
  'lavafall',
  'quarryqueen',
  'emberfox',
  'snowgolem',
  'obsidian_owl',
  'creeperkeeper',
  'beetroot_bard',
  'nethernaut',
  'glowberry',
  'anvil_ann',
  'torchbearer',
  'copperkid',
  'slimeking',
  'wanderer_wes',
  'brickbuilder',
  'deepslate_dev',
  'featherfall',
  'mushroom_mo',
  'lodestone',
  'amethyst_amy',
  'kelp_kid',
  'prismarine',
  'cartographer',
];

/** Most downloads the seed counts for one demo project. */
const MAX_DEMO_DOWNLOADS = 4000;

/** Builds the demo catalogue deterministically: `count` publicly listed projects over every type. */
export function demoCatalogue(count: number, seed = 20261121): DemoProject[] {
  return [...generateCatalogue({ count, authors: DEMO_USERS.length, seed, maxDownloads: MAX_DEMO_DOWNLOADS })];
}

const MODPACK_INDEX_FILE = 'modrinth.index.json';

/** The bytes of a generated file: the same for the same name on every machine (an interrupted seed uploads the same file again). */
export function demoFileBytes(project: DemoProject, versionNumber: string, file: GeneratedFile): Buffer {
  const rng = new Rng(createHash('sha1').update(file.filename).digest().readUInt32BE(0));
  return file.kind === 'mrpack' ? modpackArchive(rng, project.title, versionNumber) : fakeArchive(rng, file.filename);
}

/** A real .mrpack (a zip with modrinth.index.json) with filler content: the upload checks modpack archives. */
function modpackArchive(rng: Rng, name: string, version: string): Buffer {
  const zip = new AdmZip();
  const index = { formatVersion: 1, game: PRODUCT_LOADER, versionId: version, name, summary: `The ${name} demo modpack`, files: [], dependencies: {} };
  zip.addFile(MODPACK_INDEX_FILE, Buffer.from(JSON.stringify(index, null, 2)));
  zip.addFile('overrides/demo.bin', fakeArchive(rng, name));
  // fixed times: the same seed gives the same bytes
  for (const e of zip.getEntries()) e.header.time = new Date('2026-01-01T00:00:00Z');
  return zip.toBuffer();
}

function fakeArchive(rng: Rng, name: string): Buffer {
  const size = rng.int(2_000, 40_000);
  const b = Buffer.alloc(size);
  const header = Buffer.from(`PK-demo-archive ${name}\n`);
  header.copy(b);
  for (let i = header.length; i < size; i++) b[i] = Math.floor(rng.next() * 256);
  return b;
}
