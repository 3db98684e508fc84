/** The members tab of organization settings: invite, roles, both sets of permission bits, ownership. */
import { useState } from 'react';
import { Link } from 'react-router';
import { api, Field, FormError, useT } from '@modshelf/web-kit';
import { ALL_ORG_PERMISSIONS, hasOrg, ORG_PERMISSION_NAMES, ORG_PERMISSIONS, toggleBit, type OrgMember, type OrgPermission } from './lib';
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

const PROJECT_BITS = [
  ['UPLOAD_VERSION', 1 << 0], ['DELETE_VERSION', 1 << 1], ['EDIT_DETAILS', 1 << 2], ['EDIT_BODY', 1 << 3], ['MANAGE_INVITES', 1 << 4],
  ['REMOVE_MEMBER', 1 << 5], ['EDIT_MEMBER', 1 << 6], ['DELETE_PROJECT', 1 << 7], ['VIEW_ANALYTICS', 1 << 8], ['VIEW_PAYOUTS', 1 << 9],
] as const;

function projectPermissionLabel(t: ReturnType<typeof useT>, p: (typeof PROJECT_BITS)[number][0]): string {
  const labels: Record<(typeof PROJECT_BITS)[number][0], string> = {
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
  const [username, setUsername] = useState('');
  const invite = useWrite(data);
  return (
    <div className="pset-stack">
      {hasOrg(permissions, 'MANAGE_INVITES') && (
        <form
          className="ms-card pset-card"
          aria-label={t('org.invite', 'Invite a member')}
          onSubmit={async (e) => {
            e.preventDefault();
            const name = username.trim();
            if (!name) return;
            if (await invite.run(async () => orgCommands.invite(data.org.id, (await api.user(name)).id), t('org.invited', 'Invitation sent'))) setUsername('');
          }}
        >
          <h3>{t('org.invite', 'Invite a member')}</h3>
          <div className="pset-row">
            <Field label={t('org.username', 'Username')}>
              <input className="ms-input" name="username" value={username} onChange={(e) => setUsername(e.target.value)} />
            </Field>
            <button type="submit" className="ms-btn ms-btn--primary" disabled={invite.busy}>{t('org.inviteButton', 'Invite')}</button>
          </div>
          <FormError error={invite.error} />
        </form>
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
  const [projectBits, setProjectBits] = useState(m.is_owner ? (1 << 10) - 1 : (m.permissions ?? 0));
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
      <fieldset className="pset-perms" disabled={!canEditBits}>
        <legend>{t('org.orgPermissions', 'Organization permissions')}</legend>
        {ORG_PERMISSION_NAMES.map((name) => (
          <label key={name} className="pset-check">
            <input type="checkbox" data-bit={name} checked={hasOrg(orgBits, name)} onChange={(e) => setOrgBits(toggleBit(orgBits, ORG_PERMISSIONS[name], e.target.checked))} /> {orgPermissionLabel(t, name)}
          </label>
        ))}
      </fieldset>
      <fieldset className="pset-perms" disabled={!canEditBits}>
        <legend>{t('org.projectPermissions', "Permissions on the organization's projects")}</legend>
        {PROJECT_BITS.map(([name, bit]) => (
          <label key={name} className="pset-check">
            <input type="checkbox" checked={(projectBits & bit) === bit} onChange={(e) => setProjectBits(toggleBit(projectBits, bit, e.target.checked))} /> {projectPermissionLabel(t, name)}
          </label>
        ))}
      </fieldset>
      <FormError error={save.error} />
      <div className="pset-row">
        <button
          type="button"
          className="ms-btn ms-btn--primary"
          disabled={!canEditMember || save.busy}
          onClick={() => save.run(() => orgCommands.editMember(data.org.id, m.user.id, m.is_owner ? { role } : { role, permissions: projectBits, organization_permissions: orgBits }))}
        >
          {t('org.save', 'Save changes')}
        </button>
        {!m.is_owner && hasOrg(permissions, removeBit) && (
          <button type="button" className="ms-btn pset-btn-danger" disabled={save.busy} onClick={() => save.run(() => orgCommands.removeMember(data.org.id, m.user.id))}>
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
