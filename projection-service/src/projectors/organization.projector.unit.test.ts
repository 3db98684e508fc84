import { describe, expect, it } from 'vitest';
import {
  OrganizationCreated,
  OrganizationDeleted,
  OrganizationEdited,
  OrganizationIconChanged,
  OrganizationInviteAccepted,
  OrganizationMemberAdded,
  OrganizationMemberEdited,
  OrganizationMemberRemoved,
  OrganizationOwnershipTransferred,
  OrganizationProjectAdded,
  OrganizationProjectRemoved,
  organizationStream,
  projectStream,
} from '@modshelf/events';
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS } from '@modshelf/contract';
import { EventLog, given, projectCreated } from '../testing/given-events';
import { organizationProjector } from './organization.projector';
import { projectProjector } from './project.projector';

const O = 'ORGA0001';
const P = 'PROJ0001';
const projectors = [projectProjector, organizationProjector];
const created = () =>
  OrganizationCreated({ organization_id: O, team_id: 'TEAM0009', owner_id: 'OWNER001', slug: 'blockworks', name: 'Blockworks', description: 'We build' });
const member = (user_id: string, fields: Partial<Parameters<typeof OrganizationMemberAdded>[0]> = {}) =>
  OrganizationMemberAdded({ user_id, role: 'Member', permissions: 1, organization_permissions: 0, ordering: 1, accepted: false, is_owner: false, ...fields });

async function organizationAfter(...events: Array<(log: EventLog) => Parameters<typeof given>[1][number]>) {
  const log = new EventLog();
  return given({}, [log.on(organizationStream(O), created()), ...events.map((e) => e(log))], projectors);
}

describe('organization projector: given events, then the organization and its projects', () => {
  it('OrganizationCreated makes it, without members or projects', async () => {
    const then = await organizationAfter();
    expect(then.documents.organizations?.[O]).toEqual({
      id: O,
      slug: 'blockworks',
      name: 'Blockworks',
      team_id: 'TEAM0009',
      description: 'We build',
      icon_url: null,
      color: null,
      owner_id: 'OWNER001',
      members: [],
      projects: [],
      created: '2024-01-01T00:01:00.000Z',
    });
  });

  it('OrganizationEdited sets the defined fields and OrganizationIconChanged the icon', async () => {
    const then = await organizationAfter(
      (log) => log.on(organizationStream(O), OrganizationEdited({ changes: { name: 'Blockworks Ltd' } })),
      (log) => log.on(organizationStream(O), OrganizationIconChanged({ icon_url: 'https://cdn.example/o.png', color: 3 })),
    );
    expect(then.documents.organizations?.[O]).toMatchObject({
      slug: 'blockworks',
      name: 'Blockworks Ltd',
      description: 'We build',
      icon_url: 'https://cdn.example/o.png',
      color: 3,
    });
  });

  it('members: added in order, edited, accepted, removed; ownership moves with all permissions', async () => {
    const then = await organizationAfter(
      (log) => log.on(organizationStream(O), member('OWNER001', { role: 'Owner', ordering: 0, accepted: true, is_owner: true })),
      (log) => log.on(organizationStream(O), member('BOBBY001', { ordering: 2 })),
      (log) => log.on(organizationStream(O), member('CAROL001', { ordering: 3 })),
      (log) => log.on(organizationStream(O), OrganizationMemberEdited({ user_id: 'CAROL001', ordering: 1, role: 'Artist' })),
      (log) => log.on(organizationStream(O), OrganizationInviteAccepted({ user_id: 'CAROL001' })),
      (log) => log.on(organizationStream(O), OrganizationMemberRemoved({ user_id: 'BOBBY001' })),
      (log) => log.on(organizationStream(O), OrganizationOwnershipTransferred({ from: 'OWNER001', to: 'CAROL001' })),
    );
    const o = then.documents.organizations?.[O];
    expect(o?.owner_id).toBe('CAROL001');
    expect(o?.members.map((m) => [m.user_id, m.role, m.is_owner, m.accepted, m.permissions, m.organization_permissions])).toEqual([
      ['CAROL001', 'Artist', true, true, ALL_PROJECT_PERMISSIONS, ALL_ORGANIZATION_PERMISSIONS],
      ['OWNER001', 'Owner', false, true, 1, 0],
    ]);
  });

  it('a project created in it, or added, joins it (and points at it); removed, it leaves', async () => {
    const log = new EventLog();
    const then = await given(
      {},
      [
        log.on(organizationStream(O), created()),
        log.on(projectStream(P), projectCreated(P, 'OWNER001', { organization_id: O })),
        log.on(projectStream('PROJ0002'), projectCreated('PROJ0002', 'OWNER001')),
        log.on(organizationStream(O), OrganizationProjectAdded({ project_id: 'PROJ0002' })),
      ],
      projectors,
    );
    expect(then.documents.organizations?.[O]?.projects).toEqual([P, 'PROJ0002']);
    expect(then.documents.projects?.PROJ0002?.organization).toBe(O);
    const removed = await given(then.documents, [log.on(organizationStream(O), OrganizationProjectRemoved({ project_id: 'PROJ0002' }))], projectors);
    expect(removed.documents.organizations?.[O]?.projects).toEqual([P]);
    expect(removed.documents.projects?.PROJ0002?.organization).toBeNull();
  });

  it('OrganizationDeleted deletes it and its projects have no organization any more', async () => {
    const log = new EventLog();
    const before = await given(
      {},
      [log.on(organizationStream(O), created()), log.on(projectStream(P), projectCreated(P, 'OWNER001', { organization_id: O }))],
      projectors,
    );
    const then = await given(before.documents, [log.on(organizationStream(O), OrganizationDeleted({ organization_id: O }))], projectors);
    expect(then.documents.organizations).toEqual({});
    expect(then.documents.projects?.[P]?.organization).toBeNull();
  });

  it('a project that moved to another organization keeps it when the old one lets go', async () => {
    const log = new EventLog();
    const before = await given(
      {},
      [log.on(organizationStream(O), created()), log.on(projectStream(P), projectCreated(P, 'OWNER001', { organization_id: 'ORGA0002' }))],
      projectors,
    );
    const then = await given(before.documents, [log.on(organizationStream(O), OrganizationProjectRemoved({ project_id: P }))], projectors);
    expect(then.documents.projects?.[P]?.organization).toBe('ORGA0002');
  });
});
