import { describe, expect, it } from 'vitest';
import { projectStream, versionStream } from '@modshelf/events';
import { EventLog, given, projectCreated, versionPublished } from '../testing/given-events';
import { projectProjector } from '../projectors/project.projector';
import { versionProjector } from '../projectors/version.projector';
import { searchDocument } from '../projectors/search-document';
import { documentOfHit } from './hit-document';

describe('documentOfHit', () => {
  it('gives back the search document the projector made, from its hit alone', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(projectStream('PROJ0001'), projectCreated('PROJ0001', 'OWNER001', { title: 'Iron Furnace: Tweaks!', description: 'Smelts ores faster' })),
        log.on(versionStream('VERS0001'), versionPublished('VERS0001', 'PROJ0001', { loaders: ['coreengine'], game_versions: ['1.16.201-arm64'] })),
      ],
      [projectProjector, versionProjector],
    );
    const project = then.documents.projects?.PROJ0001;
    if (!project) throw new Error('no project');
    const doc = searchDocument(project, 'blockwright');
    expect(doc.hit.versions).toEqual(['1.16.201-arm64']);
    expect(documentOfHit(doc.hit)).toEqual(doc);
  });
});
