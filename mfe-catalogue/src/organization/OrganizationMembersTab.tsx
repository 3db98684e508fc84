/** The members tab of organization settings: invite, roles, both sets of permission bits, ownership. */
import { useState } from 'react';
import { Link } from 'react-router';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@modshelf/contract/scopes';
import { api, Field, FormError, useT } from '@modshelf/web-kit';
import { InviteForm } from '../components/InviteForm';
import { PermissionChecks } from '../components/PermissionChecks';
import { PERMISSION_NAMES, type Permission } from '../project/settings/lib';
import { ALL_ORG_PERMISSIONS, hasOrg, ORG_PERMISSION_NAMES, ORG_PERMISSIONS, type OrgMember, type OrgPermission } from './lib';
import { enc, orgCommands, useWrite, type OrgData } from './org-write';

function orgPermissionLabel(t: ReturnType<typeof useT>, p: OrgPermission): string {
  const labels: Record<OrgPermission, string> = {
    EDIT_DETAILS: t('orgPerm.details', 'Edit details'),
    MANAGE_INVITES: t('orgPerm.invites', 'Manage invites'),
    REMOVE_MEMBER: t('orgPerm.remove', 'Remove members'),
    EDIT_MEMBER: t('orgPerm.member', 'Edit members'),
    ADD_PROJECT: t('orgPerm.addProject', 'Add projects'),
    REMOVE_PROJECT: t('orgPerm.removeProject', 'Remove projects'),
    DELETE_ORGANIZATION: t('orgPerm.delete', 'Delete organization'),
    EDIT_MEMBER_DEFAULT_PERMISSIONS: t('orgPerm.defaults', 'Edit default member permissions'),
  };
  return labels[p];
}

function projectPermissionLabel(t: ReturnType<typeof useT>, p: Permission): string {
  const labels: Record<Permission, string> = {
    UPLOAD_VERSION: t('projPerm.upload', 'Upload versions'),
    DELETE_VERSION: t('projPerm.deleteVersion', 'Delete versions'),
    EDIT_DETAILS: t('projPerm.details', 'Edit project details'),
    EDIT_BODY: t('projPerm.body', 'Edit descriptions'),
    MANAGE_INVITES: t('projPerm.invites', 'Manage project invites'),
    REMOVE_MEMBER: t('projPerm.remove', 'Remove project members'),
    EDIT_MEMBER: t('projPerm.member', 'Edit project members'),
    DELETE_PROJECT: t('projPerm.delete', 'Delete projects'),
    VIEW_ANALYTICS: t('projPerm.analytics', 'View analytics'),
    VIEW_PAYOUTS: t('projPerm.payouts', 'View revenue'),
  };
  return labels[p];
}

export function MembersTab({ data, permissions, owner }: { data: OrgData; permissions: number; owner: boolean }) {
  const t = useT();
  const invite = useWrite(data);
  return (
    <div className="pset-stack">
      {hasOrg(permissions, 'MANAGE_INVITES') && (
        <InviteForm
          title={t('org.invite', 'Invite a member')}
          usernameLabel={t('org.username', 'Username')}
          buttonLabel={t('org.inviteButton', 'Invite')}
          busy={invite.busy}
          error={invite.error}
          onInvite={(name) => invite.run(async () => orgCommands.invite(data.org.id, (await api.user(name)).id), t('org.invited', 'Invitation sent'))}
        />
      )}
      {data.members.map((m) => (
        <MemberCard key={m.user.id} data={data} member={m} permissions={permissions} iAmOwner={owner} />
      ))}
    </div>
  );
}

function MemberCard({ data, member: m, permissions, iAmOwner }: { data: OrgData; member: OrgMember; permissions: number; iAmOwner: boolean }) {
  const t = useT();
  const [role, setRole] = useState(m.role);
  const [orgBits, setOrgBits] = useState(m.is_owner ? ALL_ORG_PERMISSIONS : (m.organization_permissions ?? 0));
  const [projectBits, setProjectBits] = useState(m.is_owner ? ALL_PROJECT_PERMISSIONS : (m.permissions ?? 0));
  const save = useWrite(data);
  const canEditMember = hasOrg(permissions, 'EDIT_MEMBER');
  const canEditBits = canEditMember && !m.is_owner;
  const removeBit: OrgPermission = m.accepted ? 'REMOVE_MEMBER' : 'MANAGE_INVITES';
  return (
    <section className="ms-card pset-card" data-testid="org-member" aria-label={m.user.username}>
      <h3>
        <Link to={`/user/${enc(m.user.username)}`}>{m.user.username}</Link> {m.is_owner && <span className="cat-badge">{t('org.owner', 'Owner')}</span>}
        {!m.accepted && <span className="cat-badge">{t('org.pending', 'Pending')}</span>}
      </h3>
      <Field label={t('org.role', 'Role')}>
        <input className="ms-input" value={role} maxLength={64} onChange={(e) => setRole(e.target.value)} disabled={!canEditMember} />
      </Field>
      <PermissionChecks
        legend={t('org.orgPermissions', 'Organization permissions')}
        names={ORG_PERMISSION_NAMES}
        bits={ORG_PERMISSIONS}
        value={orgBits}
        onChange={setOrgBits}
        label={(name) => orgPermissionLabel(t, name)}
        disabled={!canEditBits}
      />
      <PermissionChecks
        legend={t('org.projectPermissions', "Permissions on the organization's projects")}
        names={PERMISSION_NAMES}
        bits={PROJECT_PERMISSIONS}
        value={projectBits}
        onChange={setProjectBits}
        label={(name) => projectPermissionLabel(t, name)}
        disabled={!canEditBits}
      />
      <FormError error={save.error} />
      <div className="pset-row">
        <button
          type="button"
          className="ms-btn ms-btn--primary"
          disabled={!canEditMember || save.busy}
          onClick={() =>
            save.run(() =>
              orgCommands.editMember(data.org.id, m.user.id, m.is_owner ? { role } : { role, permissions: projectBits, organization_permissions: orgBits }),
            )
          }
        >
          {t('org.save', 'Save changes')}
        </button>
        {!m.is_owner && hasOrg(permissions, removeBit) && (
          <button
            type="button"
            className="ms-btn pset-btn-danger"
            disabled={save.busy}
            onClick={() => save.run(() => orgCommands.removeMember(data.org.id, m.user.id))}
          >
            {m.accepted ? t('org.remove', 'Remove member') : t('org.cancelInvite', 'Cancel invitation')}
          </button>
        )}
        {!m.is_owner && m.accepted && iAmOwner && (
          <button
            type="button"
            className="ms-btn"
            disabled={save.busy}
            onClick={() => {
              if (window.confirm(t('org.transferConfirm', 'Make {name} the owner of this organization?', { name: m.user.username }))) {
                void save.run(() => orgCommands.transferOwnership(data.org.team_id, m.user.id), t('org.transferred', 'Ownership transferred'));
              }
            }}
          >
            {t('org.transfer', 'Transfer ownership')}
          </button>
        )}
      </div>
    </section>
  );
}
