import { createHash } from 'node:crypto';
import { ok, signIn, signUp } from '../harness/api';
import { createProject, listedProject, publishVersion } from '../harness/catalogue';
import { ADMIN } from '../harness/site-process';
import { MIN_POSITION_HEADER, POSITION_HEADER, PROJECT_PERMISSIONS } from '@modshelf/service-kit';

export interface Fixtures {
  staff: string;
  moderator: string;
  owner: { token: string; id: string };
  stranger: { token: string; id: string };
  /** one team member of the hidden project per permission bit */
  members: Record<string, { token: string; id: string }>;
  /** an accepted member of the organization holding EDIT_BODY on its projects */
  orgMember: { token: string; id: string };
  /** invited to the organization, not joined */
  orgInvitee: { token: string; id: string };
  spare: { token: string; id: string };
  listed: ProjectFixture;
  hidden: ProjectFixture;
  /** a draft project of an organization (its members see it) */
  orgHidden: ProjectFixture;
  organizationId: string;
  collectionId: string;
  reportId: string;
  /** the owner's message in the listed project's moderation thread */
  messageId: string;
}

export interface ProjectFixture {
  id: string;
  teamId: string;
  versionId: string;
  sha1: string;
  /** the project's moderation thread (its team and staff read it) */
  threadId: string;
}

/** The fields of the answers the fixtures read. */
interface ProjectAnswer {
  team: string;
  thread_id: string;
}
interface VersionAnswer {
  id: string;
  files: { hashes: { sha1: string } }[];
}

async function projectFixture(url: string, token: string, id: string, versionId: string, bytes: string): Promise<ProjectFixture> {
  const p = (await ok<ProjectAnswer>(url, 'GET', `/v2/project/${id}`, { token })).body;
  return { id, teamId: p.team, versionId, sha1: createHash('sha1').update(bytes).digest('hex'), threadId: p.thread_id };
}

export async function makeFixtures(url: string): Promise<Fixtures> {
  const staff = await signIn(url, ADMIN.username, ADMIN.password);
  const owner = await signUp(url, 'authz_owner');
  const stranger = await signUp(url, 'authz_stranger');
  const spare = await signUp(url, 'authz_spare');
  const mod = await signUp(url, 'authz_moderator');
  await ok(url, 'PATCH', `/v2/user/${mod.id}`, { token: staff, json: { role: 'moderator' } });
  const moderator = await signIn(url, 'authz_moderator', 'authz_moderator-password');

  const listedId = await listedProject(url, owner.token, staff, 'authz-listed');
  const listedVersion = (await ok<VersionAnswer[]>(url, 'GET', `/v2/project/${listedId}/version`, { token: owner.token })).body[0];
  const listedProjectDoc = (await ok<ProjectAnswer>(url, 'GET', `/v2/project/${listedId}`, { token: owner.token })).body;
  const listed = {
    id: listedId,
    teamId: listedProjectDoc.team,
    versionId: listedVersion.id,
    sha1: listedVersion.files[0].hashes.sha1,
    threadId: listedProjectDoc.thread_id,
  };
  const sent = await ok(url, 'POST', `/v2/thread/${listed.threadId}`, {
    token: owner.token,
    json: { type: 'text', body: 'A message of the authorization matrix' },
  });
  const thread = (
    await ok<{ messages: { id: string; author_id: string | null }[] }>(url, 'GET', `/v2/thread/${listed.threadId}`, {
      token: owner.token,
      headers: { [MIN_POSITION_HEADER]: sent.headers.get(POSITION_HEADER) ?? '0' },
    })
  ).body;
  const messageId = thread.messages.find((m) => m.author_id === owner.id)!.id;

  const hiddenId = await createProject(url, owner.token, 'authz-hidden');
  const hiddenBytes = 'hidden file bytes';
  const hiddenVersion = await publishVersion(url, owner.token, hiddenId, '1.0.0', hiddenBytes);
  const hidden = await projectFixture(url, owner.token, hiddenId, hiddenVersion, hiddenBytes);

  const members: Fixtures['members'] = {};
  for (const [name, bit] of Object.entries(PROJECT_PERMISSIONS)) {
    const m = await signUp(url, `authz_m_${name.toLowerCase()}`.slice(0, 39));
    await ok(url, 'POST', `/v2/team/${hidden.teamId}/members`, { token: owner.token, json: { user_id: m.id, permissions: bit } });
    await ok(url, 'POST', `/v2/team/${hidden.teamId}/join`, { token: m.token });
    members[name] = m;
  }

  const org = (
    await ok<{ id: string }>(url, 'POST', '/v2/organization', {
      token: owner.token,
      json: { slug: 'authz-org', name: 'Authz org', description: 'The organization of the authorization matrix' },
    })
  ).body;
  const orgMember = await signUp(url, 'authz_org_member');
  await ok(url, 'POST', `/v2/organization/${org.id}/members`, {
    token: owner.token,
    json: { user_id: orgMember.id, permissions: PROJECT_PERMISSIONS.EDIT_BODY },
  });
  const orgInvitee = await signUp(url, 'authz_org_invitee');
  await ok(url, 'POST', `/v2/organization/${org.id}/members`, {
    token: owner.token,
    json: { user_id: orgInvitee.id, permissions: PROJECT_PERMISSIONS.EDIT_BODY },
  });
  await ok(url, 'POST', `/v2/organization/${org.id}/join`, { token: orgMember.token });
  const orgProjectId = await createProject(url, owner.token, 'authz-org-hidden');
  const orgBytes = 'org hidden file bytes';
  const orgVersion = await publishVersion(url, owner.token, orgProjectId, '1.0.0', orgBytes);
  await ok(url, 'POST', `/v2/organization/${org.id}/projects`, { token: owner.token, json: { project_id: orgProjectId } });
  const orgHidden = await projectFixture(url, owner.token, orgProjectId, orgVersion, orgBytes);

  const collectionId = (
    await ok<{ id: string }>(url, 'POST', '/v2/collection', {
      token: owner.token,
      json: { name: 'Authz collection', description: 'A collection of the authorization matrix', projects: [listedId] },
    })
  ).body.id;
  const reportId = (
    await ok<{ id: string }>(url, 'POST', '/v2/report', {
      token: stranger.token,
      json: { report_type: 'spam', item_id: listedId, item_type: 'project', body: 'A report of the authorization matrix' },
    })
  ).body.id;
  return {
    staff,
    moderator,
    owner,
    stranger,
    members,
    orgMember,
    orgInvitee,
    spare,
    listed,
    hidden,
    orgHidden,
    organizationId: org.id,
    collectionId,
    reportId,
    messageId,
  };
}
