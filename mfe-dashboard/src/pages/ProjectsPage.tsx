import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { caughtUp, Field, formatNumber, invalidateApiCache, projectPath, slugify, useApi, usePageMeta, useT, type Translate } from '@modshelf/web-kit';
import { Dialog, StatusBadge, useAction, useUser } from '../common';
import { DialogButtons, VisibilityOptions } from '../components/DialogButtons';
import { ListPage, WhenLoaded } from '../components/ListPage';
import { dashboard, type CreateProjectBody } from '../lib/api';
import { validateProjectDraft, type ProjectDraft } from '../lib/logic';

const TYPES = ['mod', 'modpack', 'server', 'behaviorpack'] as const;

function typeLabel(t: Translate, type: string): string {
  switch (type) {
    case 'mod':
      return t('type.mod', 'Mod');
    case 'modpack':
      return t('type.modpack', 'Modpack');
    case 'server':
      return t('type.server', 'Server');
    case 'behaviorpack':
      return t('type.behaviorpack', 'Behavior pack');
    default:
      return type;
  }
}

/** /dashboard/projects: your projects with their status, and the create-project dialog. */
export function ProjectsPage() {
  const t = useT();
  const user = useUser();
  usePageMeta(t('nav.projects', 'Projects'));
  const projects = useApi(`dashboard:projects:${user.id}`, (s) => dashboard.userProjects(user.id, s));
  const [creating, setCreating] = useState(false);
  const list = [...(projects.data ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <ListPage
      title={t('nav.projects', 'Projects')}
      createLabel={t('projects.create', 'Create a project')}
      onCreate={() => setCreating(true)}
      createTestId="create-project"
    >
      <WhenLoaded state={projects}>
        {() =>
          list.length === 0 ? (
            <p className="ms-muted">{t('home.noProjects', 'You have no projects yet.')}</p>
          ) : (
            <table className="dash-table" data-testid="projects-table">
              <thead>
                <tr>
                  <th>{t('projects.name', 'Name')}</th>
                  <th>{t('projects.type', 'Type')}</th>
                  <th>{t('projects.status', 'Status')}</th>
                  <th>{t('home.downloads', 'Downloads')}</th>
                  <th>{t('home.followers', 'Followers')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.id} data-testid="project-row" data-project-id={p.id}>
                    <td>
                      <Link to={projectPath(p)}>{p.title}</Link>
                    </td>
                    <td>{typeLabel(t, p.project_type)}</td>
                    <td>
                      <StatusBadge status={p.status} />
                    </td>
                    <td>{formatNumber(p.downloads)}</td>
                    <td>{formatNumber(p.followers)}</td>
                    <td>
                      <Link to={`${projectPath(p)}/settings`}>{t('projects.settings', 'Settings')}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </WhenLoaded>
      {creating && <CreateProjectDialog onClose={() => setCreating(false)} />}
    </ListPage>
  );
}

function CreateProjectDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ProjectDraft>({ title: '', slug: '', description: '', project_type: 'mod', requested_status: 'approved' });
  const [slugTouched, setSlugTouched] = useState(false);
  const [shown, setShown] = useState(false);
  const action = useAction();
  const errors = validateProjectDraft(draft);
  const messages: Record<string, string> = {
    name: t('create.badName', 'The name needs 3 to 64 characters.'),
    slug: t('create.badSlug', 'The URL needs 3 to 64 letters, digits or -_.'),
    summary: t('create.badSummary', 'The summary needs 3 to 256 characters.'),
  };
  const err = (k: keyof ProjectDraft) => (shown && errors[k] ? (messages[errors[k]!] ?? null) : null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (Object.keys(errors).length) return;
    const created = await action.run(
      async () => {
        const r = await dashboard.createProject({
          title: draft.title.trim(),
          slug: draft.slug,
          description: draft.description.trim(),
          project_type: draft.project_type as CreateProjectBody['project_type'],
          requested_status: draft.requested_status as CreateProjectBody['requested_status'],
          license_id: 'LicenseRef-All-Rights-Reserved',
        });
        await caughtUp(r.position);
        return r.data;
      },
      t('create.done', 'Project created'),
    );
    if (!created) return;
    invalidateApiCache('dashboard:');
    invalidateApiCache('project');
    navigate(`${projectPath(created)}/settings`);
  };
  return (
    <Dialog title={t('projects.create', 'Create a project')} onClose={onClose}>
      <form className="dash-form" onSubmit={submit} noValidate>
        <Field label={t('create.name', 'Name')} error={err('title')}>
          <input
            className="ms-input"
            autoFocus
            value={draft.title}
            maxLength={64}
            onChange={(e) => setDraft({ ...draft, title: e.target.value, slug: slugTouched ? draft.slug : slugify(e.target.value) })}
          />
        </Field>
        <Field label={t('create.slug', 'URL')} hint={`/${draft.project_type}/${draft.slug}`} error={err('slug')}>
          <input
            className="ms-input"
            value={draft.slug}
            maxLength={64}
            onChange={(e) => {
              setSlugTouched(true);
              setDraft({ ...draft, slug: e.target.value });
            }}
          />
        </Field>
        <Field label={t('create.summary', 'Summary')} error={err('description')}>
          <textarea
            className="ms-input"
            rows={3}
            maxLength={256}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </Field>
        <Field label={t('create.type', 'Project type')}>
          <select className="ms-input" value={draft.project_type} onChange={(e) => setDraft({ ...draft, project_type: e.target.value })}>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(t, type)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('create.visibility', 'Visibility')} hint={t('create.visibilityHint', 'Applies once staff approve the project.')}>
          <select className="ms-input" value={draft.requested_status} onChange={(e) => setDraft({ ...draft, requested_status: e.target.value })}>
            <VisibilityOptions publicValue="approved" />
          </select>
        </Field>
        <DialogButtons error={action.error} busy={action.busy} submit={t('create.submit', 'Create project')} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
