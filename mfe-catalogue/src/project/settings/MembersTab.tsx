/** Members tab of project settings: invite, roles, permission bits, ownership. */
import { useState } from 'react';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@modshelf/contract/scopes';
import { api, Field, FormError, useT } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { useSave } from './common';
import { InviteForm } from '../../components/InviteForm';
import { PermissionChecks } from '../../components/PermissionChecks';
import { has, PERMISSION_NAMES, projectCommands, type Permission } from './lib';
import { useAccess } from './access';

const DEFAULT_INVITE = PROJECT_PERMISSIONS.UPLOAD_VERSION | PROJECT_PERMISSIONS.DELETE_VERSION | PROJECT_PERMISSIONS.EDIT_BODY;

function permissionLabel(t: ReturnType<typeof useT>, p: Permission): string {
  const labels: Record<Permission, string> = {
    UPLOAD_VERSION: t('perm.upload', 'Upload versions'),
    DELETE_VERSION: t('perm.deleteVersion', 'Delete versions'),
    EDIT_DETAILS: t('perm.details', 'Edit details'),
    EDIT_BODY: t('perm.body', 'Edit description'),
    MANAGE_INVITES: t('perm.invites', 'Manage invites'),
    REMOVE_MEMBER: t('perm.remove', 'Remove members'),
    EDIT_MEMBER: t('perm.member', 'Edit members'),
    DELETE_PROJECT: t('perm.delete', 'Delete project'),
    VIEW_ANALYTICS: t('perm.analytics', 'View analytics'),
    VIEW_PAYOUTS: t('perm.payouts', 'View revenue'),
  };
  return labels[p];
}

export function MembersTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { member: me, permissions } = useAccess(data);
  const invite = useSave(data);
  return (
    <div className="pset-stack">
      {has(permissions, 'MANAGE_INVITES') && (
        <InviteForm
          title={t('members.invite', 'Invite a member')}
          usernameLabel={t('members.username', 'Username')}
          buttonLabel={t('members.inviteButton', 'Invite')}
          busy={invite.busy}
          error={invite.error}
          onInvite={(name) =>
            invite.run(
              async () => {
                const user = await api.user(name);
                return projectCommands.invite(p.team, user.id, 'Member', DEFAULT_INVITE);
              },
              t('members.invited', 'Invitation sent'),
            )
          }
        />
      )}
      {data.members.map((m) => (
        <MemberCard key={m.user.id} data={data} member={m} myPermissions={permissions} iAmOwner={!!me?.is_owner} />
      ))}
    </div>
  );
}

function MemberCard({
  data,
  member: m,
  myPermissions,
  iAmOwner,
}: {
  data: ProjectData;
  member: ProjectData['members'][number];
  myPermissions: number;
  iAmOwner: boolean;
}) {
  const t = useT();
  const p = data.project;
  const [role, setRole] = useState(m.role);
  const [perms, setPerms] = useState(m.is_owner ? ALL_PROJECT_PERMISSIONS : (m.permissions ?? 0));
  const save = useSave(data);
  const canEdit = has(myPermissions, 'EDIT_MEMBER') && !m.is_owner;
  return (
    <section className="ms-card pset-card" data-testid="member" aria-label={m.user.username}>
      <h3>
        {m.user.username} {m.is_owner && <span className="cat-badge">{t('members.owner', 'Owner')}</span>}
        {!m.accepted && <span className="cat-badge">{t('members.pending', 'Pending')}</span>}
      </h3>
      <Field label={t('members.role', 'Role')}>
        <input className="ms-input" value={role} maxLength={64} onChange={(e) => setRole(e.target.value)} disabled={!has(myPermissions, 'EDIT_MEMBER')} />
      </Field>
      <PermissionChecks
        legend={t('members.permissions', 'Permissions')}
        names={PERMISSION_NAMES}
        bits={PROJECT_PERMISSIONS}
        value={perms}
        onChange={setPerms}
        label={(name) => permissionLabel(t, name)}
        disabled={!canEdit}
      />
      <FormError error={save.error} />
      <div className="pset-row">
        <button
          type="button"
          className="ms-btn ms-btn--primary"
          disabled={!has(myPermissions, 'EDIT_MEMBER') || save.busy}
          onClick={() => save.run(() => projectCommands.editMember(p.team, m.user.id, m.is_owner ? { role } : { role, permissions: perms }))}
        >
          {t('settings.save', 'Save changes')}
        </button>
        {!m.is_owner && has(myPermissions, 'REMOVE_MEMBER') && (
          <button
            type="button"
            className="ms-btn pset-btn-danger"
            disabled={save.busy}
            onClick={() => save.run(() => projectCommands.removeMember(p.team, m.user.id))}
          >
            {t('members.remove', 'Remove member')}
          </button>
        )}
        {!m.is_owner && m.accepted && iAmOwner && (
          <button type="button" className="ms-btn" disabled={save.busy} onClick={() => save.run(() => projectCommands.transferOwnership(p.team, m.user.id))}>
            {t('members.transfer', 'Transfer ownership')}
          </button>
        )}
      </div>
    </section>
  );
}
