/**
 * /organization/{id}/settings, settings/analytics, settings/members and settings/projects: for the
 * organization's members (what each may change follows their bits) and staff. Loaded on first use.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import {
  analyticsLabels,
  AnalyticsPanel,
  api,
  apiFetch,
  caughtUp,
  DEFAULT_LOCALE,
  ErrorScreen,
  Field,
  formatNumber,
  formatUsd,
  FormError,
  Guard,
  injectCss,
  invalidateApiCache,
  messagesLoader,
  NotFound,
  organizationPath,
  projectPath,
  sessionAtom,
  signInPath,
  useApi,
  useT,
  WithMessages,
  type Organization,
  type Project,
} from '@modshelf/web-kit';
import css from '../project/settings/settings.css';
import { IconPicker } from '../components/IconPicker';
import { hasOrg, orgAccess, settingsTab, type OrgMember } from './lib';
import { MembersTab } from './OrganizationMembersTab';
import { enc, orgCommands, useWrite, type OrgData } from './org-write';

injectCss('catalogue-settings', css);

/** The organization settings' own language bundle (English is inline in the code). */
const loadMessages = messagesLoader((locale) => import(/* webpackChunkName: "organization-settings-messages" */ `./messages/${locale}.json`));

const placeholder = <div className="cat-loading" aria-busy="true" />;

export function OrganizationSettings({ org, reload }: { org: Organization; reload: () => void }) {
  const session = useAtomValue(sessionAtom);
  const [nonce, setNonce] = useState(0);
  const members = useApi(`org-members:${org.id}:${nonce}`, (s) => apiFetch<OrgMember[]>(`/organization/${enc(org.id)}/members`, { signal: s }));
  const projects = useApi(`org-projects-settings:${org.id}:${nonce}`, (s) => api.organizationProjects(org.id, s));
  const refresh = useCallback(
    async (position: number | null) => {
      await caughtUp(position, `/organization/${enc(org.id)}`);
      invalidateApiCache(`organization:`);
      invalidateApiCache(`org-projects:`);
      setNonce((n) => n + 1);
      reload();
    },
    [org.id, reload],
  );
  const user = session?.user ?? null;
  const data = members.data && projects.data ? { org, members: members.data, projects: projects.data, refresh } : undefined;
  return (
    <Guard need="user" user={user} loading={placeholder} forbidden={null}>
      <WithMessages load={loadMessages} placeholder={placeholder}>
        {members.error ? (
          <ErrorScreen statusCode={500} message={members.error.message} />
        ) : (
          <Guard need={{ team: data?.members, of: 'organization' }} user={user} loading={placeholder} forbidden={<NotMember />}>
            {data && <Settings data={data} />}
          </Guard>
        )}
      </WithMessages>
    </Guard>
  );
}

function NotMember() {
  const t = useT();
  return <ErrorScreen statusCode={403} message={t('org.notMember', 'Only members of this organization can manage it.')} />;
}

function Settings({ data }: { data: OrgData }) {
  const t = useT();
  const location = useLocation();
  const session = useAtomValue(sessionAtom);
  const access = orgAccess(session?.user, data.members);
  const tab = settingsTab(location.pathname);
  const base = `${organizationPath(data.org)}/settings`;
  const tabs = [
    { to: base, end: true, label: t('org.general', 'General') },
    { to: `${base}/members`, label: t('org.members', 'Members') },
    { to: `${base}/projects`, label: t('org.projects', 'Projects') },
    { to: `${base}/analytics`, label: t('org.analytics', 'Analytics') },
  ];
  return (
    <section className="pset" data-testid="organization-settings">
      <header className="pset-head">
        <h2>
          <Link to={organizationPath(data.org)}>{data.org.name}</Link>: {t('org.settings', 'Organization settings')}
        </h2>
      </header>
      <nav className="pset-nav" aria-label={t('org.sections', 'Settings sections')}>
        {tabs.map((x) => (
          <NavLink key={x.to} to={x.to} end={x.end}>
            {x.label}
          </NavLink>
        ))}
      </nav>
      {tab === '' && <GeneralTab data={data} permissions={access.permissions} />}
      {tab === 'members' && <MembersTab data={data} permissions={access.permissions} owner={access.owner || access.staff} />}
      {tab === 'projects' && <ProjectsTab data={data} permissions={access.permissions} />}
      {tab === 'analytics' && <AnalyticsTab data={data} />}
      {tab === null && <NotFound path={location.pathname} />}
    </section>
  );
}

function GeneralTab({ data, permissions }: { data: OrgData; permissions: number }) {
  const t = useT();
  const navigate = useNavigate();
  const o = data.org;
  const [name, setName] = useState(o.name);
  const [slug, setSlug] = useState(o.slug);
  const [description, setDescription] = useState(o.description);
  const save = useWrite(data);
  const icon = useWrite(data);
  const del = useWrite(data);
  const canEdit = hasOrg(permissions, 'EDIT_DETAILS');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const changes: { name?: string; slug?: string; description?: string } = {};
    if (name.trim() !== o.name) changes.name = name.trim();
    if (slug.trim() !== o.slug) changes.slug = slug.trim();
    if (description.trim() !== o.description) changes.description = description.trim();
    if (!Object.keys(changes).length) return;
    const moved = changes.slug !== undefined;
    void save.run(
      async () => {
        const r = await orgCommands.edit(o.id, changes);
        if (moved) {
          await caughtUp(r.position, `/organization/${enc(o.id)}`);
          invalidateApiCache('organization:');
        }
        return r;
      },
      undefined,
      moved ? () => navigate(`/organization/${enc(changes.slug!)}/settings`, { replace: true }) : undefined,
    );
  };
  return (
    <div className="pset-stack">
      <form className="ms-card pset-card" onSubmit={submit} aria-label={t('org.general', 'General')}>
        <h3>{t('org.general', 'General')}</h3>
        <IconPicker
          iconUrl={o.icon_url}
          name={o.name}
          disabled={!canEdit || icon.busy}
          uploadLabel={t('org.uploadIcon', 'Upload icon')}
          removeLabel={t('org.removeIcon', 'Remove icon')}
          onUpload={(f) => void icon.run(() => orgCommands.icon(o.id, f), t('org.iconSaved', 'Icon updated'))}
          onRemove={() => void icon.run(() => orgCommands.removeIcon(o.id))}
        />
        <FormError error={icon.error} />
        <Field label={t('org.name', 'Name')}>
          <input
            className="ms-input"
            name="name"
            value={name}
            minLength={3}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
            disabled={!canEdit}
            required
          />
        </Field>
        <Field label={t('org.slug', 'URL')} hint={`/organization/${slug}`}>
          <input
            className="ms-input"
            name="slug"
            value={slug}
            minLength={3}
            maxLength={64}
            onChange={(e) => setSlug(e.target.value)}
            disabled={!canEdit}
            required
          />
        </Field>
        <Field label={t('org.description', 'Description')}>
          <textarea
            className="ms-input"
            name="description"
            value={description}
            minLength={3}
            maxLength={256}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
            disabled={!canEdit}
            required
          />
        </Field>
        <FormError error={save.error} />
        <div className="pset-row">
          <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || save.busy}>
            {t('org.save', 'Save changes')}
          </button>
        </div>
      </form>
      {hasOrg(permissions, 'DELETE_ORGANIZATION') && (
        <section className="ms-card pset-card" aria-label={t('org.delete', 'Delete organization')}>
          <h3>{t('org.delete', 'Delete organization')}</h3>
          <p className="ms-muted">{t('org.deleteHint', 'Its projects stay with their owners and leave the organization.')}</p>
          <FormError error={del.error} />
          <button
            type="button"
            className="ms-btn pset-btn-danger"
            disabled={del.busy}
            onClick={() => {
              if (!window.confirm(t('org.deleteConfirm', 'Delete {name}? This cannot be undone.', { name: o.name }))) return;
              void del.run(
                () => orgCommands.remove(o.id),
                t('org.deleted', 'Organization deleted'),
                () => {
                  invalidateApiCache('organization:');
                  navigate('/dashboard/organizations');
                },
              );
            }}
          >
            {t('org.delete', 'Delete organization')}
          </button>
        </section>
      )}
    </div>
  );
}

function ProjectsTab({ data, permissions }: { data: OrgData; permissions: number }) {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const userId = session?.user?.id ?? null;
  const mine = useApi(userId ? `org-addable:${userId}:${data.projects.length}` : null, (s) => api.userProjects(userId!, s));
  const [choice, setChoice] = useState('');
  const add = useWrite(data);
  const remove = useWrite(data);
  // projects the caller owns that belong to no organization yet
  const addable = (mine.data ?? []).filter((p) => !p.organization && data.projects.every((x) => x.id !== p.id));
  return (
    <div className="pset-stack">
      {hasOrg(permissions, 'ADD_PROJECT') && (
        <form
          className="ms-card pset-card"
          aria-label={t('org.addProject', 'Add a project')}
          onSubmit={async (e) => {
            e.preventDefault();
            if (choice && (await add.run(() => orgCommands.addProject(data.org.id, choice), t('org.projectAdded', 'Project added')))) setChoice('');
          }}
        >
          <h3>{t('org.addProject', 'Add a project')}</h3>
          <p className="ms-muted">{t('org.addHint', 'Your projects that belong to no organization; only their owner may add them.')}</p>
          <div className="pset-row">
            <Field label={t('org.project', 'Project')}>
              <select className="ms-input" name="project" value={choice} onChange={(e) => setChoice(e.target.value)}>
                <option value="">{t('org.chooseProject', 'Choose a project')}</option>
                {addable.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </select>
            </Field>
            <button type="submit" className="ms-btn ms-btn--primary" disabled={add.busy || !choice}>
              {t('org.addButton', 'Add')}
            </button>
          </div>
          <FormError error={add.error} />
        </form>
      )}
      <section className="ms-card pset-card" aria-label={t('org.projects', 'Projects')}>
        <h3>{t('org.projects', 'Projects')}</h3>
        {data.projects.length === 0 && <p className="ms-muted">{t('org.noProjects', 'This organization has no projects yet.')}</p>}
        <ul className="pset-list" data-testid="org-projects">
          {data.projects.map((p) => (
            <li key={p.id} className="pset-row">
              <Link to={projectPath(p)}>{p.title}</Link>
              <span className="ms-muted">
                {formatNumber(p.downloads)} {t('org.downloads', 'downloads')}
              </span>
              {hasOrg(permissions, 'REMOVE_PROJECT') && (
                <button
                  type="button"
                  className="ms-btn pset-btn-danger"
                  disabled={remove.busy}
                  onClick={() => remove.run(() => orgCommands.removeProject(data.org.id, p.id), t('org.projectRemoved', 'Project removed'))}
                >
                  {t('org.removeProject', 'Remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
        <FormError error={remove.error} />
      </section>
    </div>
  );
}

function AnalyticsTab({ data }: { data: OrgData }) {
  const t = useT();
  const since = data.projects.reduce<string | null>((min, p) => (!min || p.published < min ? p.published : min), null);
  return (
    <AnalyticsPanel
      projectIds={data.projects.map((p) => p.id)}
      since={since}
      labels={analyticsLabels(t)}
      fileName={`${data.org.slug}-analytics`}
      formatNumber={formatNumber}
      formatMoney={formatUsd}
    />
  );
}
