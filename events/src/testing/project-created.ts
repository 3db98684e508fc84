import { ProjectCreated, projectStream } from '../catalogue/project';
import { newEventId, newId } from '../ids';
import { toNewEvents } from '../registry';
import { testProjectDefaults } from './project-fields';

/** Metadata of one test command, at the current time. */
export function testMetadata() {
  const e = newEventId();
  return { commandId: e, correlationId: e, causationId: e, actor: null, time: new Date().toISOString() };
}

/** A draft project's creation under `slug`, ready to append: its id, its stream and the events. */
export function createdProject(slug: string) {
  const id = newId();
  const events = toNewEvents(
    [
      ProjectCreated({
        project_id: id,
        team_id: newId(),
        project_type: 'mod',
        owner_id: newId(),
        organization_id: null,
        thread_id: newId(),
        status: 'draft',
        published: new Date().toISOString(),
        slug,
        title: 'Title',
        description: 'A project',
        body: '',
        categories: [],
        ...testProjectDefaults(),
      }),
    ],
    testMetadata(),
    newEventId,
  );
  return { id, stream: projectStream(id), events };
}
