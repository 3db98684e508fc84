/** version/{version}-new (publish a version with its files) and version/{version}/edit. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { findVersion, formatBytes, FormError, invalidateApiCache, NotFound, sessionAtom, useT, type Version } from '@modshelf/web-kit';
import type { ProjectData } from '../project-data';
import { useSave } from './common';
import { accessOf, changedFields, has, projectCommands, versionFromFilename, type VersionDraft } from './lib';
import { ScheduleCard } from './ScheduleCard';
import { draftOf, VersionFields } from './VersionFields';
import { FileDrop } from './FileDrop';

export function VersionCreate({ data, suggested }: { data: ProjectData; suggested: string }) {
  const t = useT();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const { permissions } = accessOf(session?.user, data.members);
  const [draft, setDraft] = useState<VersionDraft>(() => draftOf(null, suggested, data.project.loaders));
  const [files, setFiles] = useState<File[]>([]);
  const [primary, setPrimary] = useState(0);
  const save = useSave(data);

  const addFiles = (more: File[]) => {
    const next = [...files, ...more.filter((f) => !files.some((x) => x.name === f.name && x.size === f.size))];
    setFiles(next);
    if (!draft.version_number && next[0]) {
      const guess = versionFromFilename(next[0].name);
      if (guess) setDraft({ ...draft, version_number: guess });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (files.length === 0) return save.setError(t('version.needFile', 'Add at least one file.'));
    if (!draft.version_number.trim()) return save.setError(t('version.needNumber', 'Enter a version number.'));
    if (draft.loaders.length === 0) return save.setError(t('version.needLoader', 'Choose at least one loader.'));
    if (draft.game_versions.length === 0) return save.setError(t('version.needGameVersion', 'Choose at least one game version.'));
    let createdId = '';
    const ok = await save.run(
      async () => {
        const r = await projectCommands.createVersion(data.project.id, { ...draft, version_number: draft.version_number.trim() }, files, primary);
        createdId = r.data.id;
        return r;
      },
      t('version.published', 'Version published'),
    );
    if (ok) {
      invalidateApiCache('project');
      navigate(`${data.base}/version/${encodeURIComponent(createdId)}`);
    }
  };

  if (!has(permissions, 'UPLOAD_VERSION')) return <p className="ms-error">{t('version.noPermission', 'You may not upload versions to this project.')}</p>;
  return (
    <form className="ms-card pset-card pset-version" onSubmit={submit} aria-label={t('version.create', 'Create a version')} data-testid="version-create">
      <h2>{t('version.create', 'Create a version')}</h2>
      <FileDrop onFiles={addFiles} label={t('version.chooseFiles', 'Choose files')} />
      {files.length > 0 && (
        <ul className="pset-files">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} data-testid="staged-file">
              <label className="pset-check">
                <input
                  type="radio"
                  name="primary"
                  checked={primary === i}
                  onChange={() => setPrimary(i)}
                  aria-label={t('version.primaryOf', 'Primary file {name}', { name: f.name })}
                />
                <strong>{f.name}</strong> <span className="ms-muted">{formatBytes(f.size)}</span>
              </label>
              {primary === i && <span className="cat-badge">{t('version.primary', 'Primary')}</span>}
              <button
                type="button"
                className="ms-btn"
                onClick={() => {
                  setFiles(files.filter((_, j) => j !== i));
                  setPrimary(0);
                }}
              >
                {t('common.remove', 'Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <VersionFields data={data} draft={draft} setDraft={setDraft} />
      <FormError error={save.error} />
      <div className="pset-row">
        <button type="submit" className="ms-btn ms-btn--primary" disabled={save.busy}>
          {t('version.publish', 'Publish version')}
        </button>
        <Link className="ms-btn" to={`${data.base}/settings/versions`}>
          {t('common.cancel', 'Cancel')}
        </Link>
      </div>
    </form>
  );
}

export function VersionEdit({ data }: { data: ProjectData }) {
  const t = useT();
  const { version: ending = '' } = useParams();
  const v = findVersion(data.versions, ending);
  if (!v)
    return data.versions.length === 0 && data.versionsLoaded === false ? (
      <div className="cat-loading" aria-busy="true" />
    ) : (
      <NotFound path={`${data.base}/version/${ending}/edit`} />
    );
  return <VersionEditForm key={v.id} data={data} version={v} t={t} />;
}

function VersionEditForm({ data, version: v, t }: { data: ProjectData; version: Version; t: ReturnType<typeof useT> }) {
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const { permissions } = accessOf(session?.user, data.members);
  const [draft, setDraft] = useState<VersionDraft>(() => draftOf(v, v.version_number, data.project.loaders));
  const save = useSave(data);
  const files = useSave(data);
  const remove = useSave(data);
  const before = draftOf(v, v.version_number, data.project.loaders);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const changes = changedFields<Omit<VersionDraft, 'changelog'> & { changelog: string | null }>(before, { ...draft, changelog: draft.changelog || null });
    if (changes.name === '') changes.name = draft.version_number;
    if (Object.keys(changes).length === 0) return;
    await save.run(() => projectCommands.editVersion(v.id, changes));
  };

  return (
    <div className="pset-stack">
      <form className="ms-card pset-card pset-version" onSubmit={submit} aria-label={t('version.edit', 'Edit version')} data-testid="version-edit">
        <h2>{t('version.editTitle', 'Edit {version}', { version: v.version_number })}</h2>
        <VersionFields data={data} draft={draft} setDraft={setDraft} />
        <FormError error={save.error} />
        <div className="pset-row">
          <button type="submit" className="ms-btn ms-btn--primary" disabled={!has(permissions, 'UPLOAD_VERSION') || save.busy}>
            {t('settings.save', 'Save changes')}
          </button>
          <Link className="ms-btn" to={`${data.base}/version/${encodeURIComponent(v.id)}`}>
            {t('version.view', 'View version')}
          </Link>
        </div>
      </form>
      {v.status !== 'unknown' && (
        <ScheduleCard
          data={data}
          kind="version"
          id={v.id}
          status={v.status ?? 'listed'}
          canEdit={has(permissions, 'UPLOAD_VERSION')}
          statuses={[
            { value: 'listed', label: t('version.status.listed', 'Listed') },
            { value: 'unlisted', label: t('version.status.unlisted', 'Unlisted') },
            { value: 'archived', label: t('version.status.archived', 'Archived') },
            { value: 'draft', label: t('version.status.draft', 'Draft') },
          ]}
        />
      )}
      <section className="ms-card pset-card" aria-label={t('version.files', 'Files')}>
        <h3>{t('version.files', 'Files')}</h3>
        <ul className="pset-files">
          {v.files.map((f) => (
            <li key={f.url || f.filename}>
              <strong>{f.filename}</strong> <span className="ms-muted">{formatBytes(f.size)}</span>
              {f.primary && <span className="cat-badge">{t('version.primary', 'Primary')}</span>}
              {!f.primary && f.hashes.sha1 && (
                <button
                  type="button"
                  className="ms-btn"
                  disabled={files.busy}
                  onClick={() => files.run(() => projectCommands.editVersion(v.id, { primary_file: ['sha1', f.hashes.sha1] }))}
                >
                  {t('version.makePrimary', 'Make primary')}
                </button>
              )}
              {v.files.length > 1 && f.hashes.sha1 && (
                <button
                  type="button"
                  className="ms-btn pset-btn-danger"
                  disabled={files.busy}
                  onClick={() => files.run(() => projectCommands.deleteFile(f.hashes.sha1!, v.id))}
                >
                  {t('common.delete', 'Delete')}
                </button>
              )}
            </li>
          ))}
        </ul>
        <FileDrop
          onFiles={(more) => files.run(() => projectCommands.addVersionFiles(v.id, more), t('version.filesAdded', 'Files added'))}
          label={t('version.addFiles', 'Add files')}
        />
        <FormError error={files.error} />
      </section>
      {has(permissions, 'DELETE_VERSION') && (
        <section className="ms-card pset-card pset-danger" aria-label={t('version.delete', 'Delete version')}>
          <h3>{t('version.delete', 'Delete version')}</h3>
          <FormError error={remove.error} />
          <button
            type="button"
            className="ms-btn pset-btn-danger"
            disabled={remove.busy}
            onClick={async () => {
              if (!window.confirm(t('version.deleteConfirm', 'Delete version {version} and its files?', { version: v.version_number }))) return;
              if (await remove.run(() => projectCommands.deleteVersion(v.id), t('version.deleted', 'Version deleted')))
                navigate(`${data.base}/settings/versions`);
            }}
          >
            {t('version.delete', 'Delete version')}
          </button>
        </section>
      )}
    </div>
  );
}
