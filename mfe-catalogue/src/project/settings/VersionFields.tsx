/** The fields the version create and edit forms share, and the draft they edit. */
import { useState } from 'react';
import { api, Field, FormError, useApi, useT, type Version } from '@modshelf/web-kit';
import type { ProjectData } from '../project-data';
import { type VersionDraft } from './lib';

const CHANNELS = ['release', 'beta', 'alpha'] as const;
const DEP_TYPES = ['required', 'optional', 'incompatible', 'embedded'] as const;

function loaderTypeOf(projectType: string): string {
  return projectType === 'behaviorpack' ? 'mod' : projectType;
}

export function draftOf(v: Version | null, suggested: string, projectLoaders: string[]): VersionDraft {
  return {
    name: v?.name ?? '',
    version_number: v?.version_number ?? suggested,
    changelog: v?.changelog ?? '',
    version_type: v?.version_type ?? 'release',
    loaders: v?.loaders ?? (projectLoaders.length === 1 ? projectLoaders : []),
    game_versions: v?.game_versions ?? [],
    dependencies: (v?.dependencies ?? []).map((d) => ({
      project_id: d.project_id ?? null,
      version_id: d.version_id ?? null,
      dependency_type: d.dependency_type,
    })),
    featured: v?.featured ?? false,
  };
}

/** The fields both forms share: number, name, channel, loaders, game versions, changelog, dependencies. */
export function VersionFields({ data, draft, setDraft }: { data: ProjectData; draft: VersionDraft; setDraft: (d: VersionDraft) => void }) {
  const t = useT();
  const loaders = useApi('tag:loader', (s) => api.loaders(s));
  const gameVersions = useApi('tag:game_version', (s) => api.gameVersions(s));
  const type = loaderTypeOf(data.project.project_type);
  const loaderNames = (loaders.data ?? []).filter((l) => l.supported_project_types.includes(type)).map((l) => l.name);
  const [dep, setDep] = useState('');
  const [depType, setDepType] = useState<VersionDraft['dependencies'][number]['dependency_type']>('required');
  const [depError, setDepError] = useState<string | null>(null);
  const toggle = (key: 'loaders' | 'game_versions', value: string, on: boolean) =>
    setDraft({ ...draft, [key]: on ? [...draft[key], value] : draft[key].filter((x) => x !== value) });
  const depProjects = useApi(draft.dependencies.some((d) => d.project_id) ? `projects:${draft.dependencies.map((d) => d.project_id).join(',')}` : null, (s) =>
    api.projects(
      draft.dependencies.map((d) => d.project_id).filter((x): x is string => !!x),
      s,
    ),
  );
  const addDependency = async () => {
    setDepError(null);
    const key = dep.trim();
    if (!key) return;
    try {
      const p = await api.project(key);
      if (p.id === data.project.id) throw new Error(t('version.selfDependency', 'A project cannot depend on itself.'));
      setDraft({
        ...draft,
        dependencies: [...draft.dependencies.filter((d) => d.project_id !== p.id), { project_id: p.id, version_id: null, dependency_type: depType }],
      });
      setDep('');
    } catch (e) {
      setDepError((e as Error).message || t('version.noSuchProject', 'No such project.'));
    }
  };
  return (
    <>
      <div className="pset-row">
        <Field label={t('version.number', 'Version number')}>
          <input
            className="ms-input"
            value={draft.version_number}
            maxLength={32}
            required
            onChange={(e) => setDraft({ ...draft, version_number: e.target.value })}
          />
        </Field>
        <Field label={t('version.name', 'Version name')}>
          <input
            className="ms-input"
            value={draft.name}
            maxLength={64}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            placeholder={draft.version_number}
          />
        </Field>
      </div>
      <fieldset className="pset-choices">
        <legend>{t('version.channel', 'Release channel')}</legend>
        {CHANNELS.map((c) => (
          <label key={c} className="pset-check">
            <input type="radio" name="channel" value={c} checked={draft.version_type === c} onChange={() => setDraft({ ...draft, version_type: c })} />
            {c === 'release' ? t('channel.release', 'Release') : c === 'beta' ? t('channel.beta', 'Beta') : t('channel.alpha', 'Alpha')}
          </label>
        ))}
      </fieldset>
      <fieldset className="pset-choices">
        <legend>{t('version.loaders', 'Loaders')}</legend>
        {loaderNames.map((l) => (
          <label key={l} className="pset-check">
            <input type="checkbox" checked={draft.loaders.includes(l)} onChange={(e) => toggle('loaders', l, e.target.checked)} /> {loaderLabel(l)}
          </label>
        ))}
      </fieldset>
      <fieldset className="pset-choices">
        <legend>{t('version.gameVersions', 'Game versions')}</legend>
        {(gameVersions.data ?? []).map((g) => (
          <label key={g.version} className="pset-check">
            <input type="checkbox" checked={draft.game_versions.includes(g.version)} onChange={(e) => toggle('game_versions', g.version, e.target.checked)} />{' '}
            {g.version}
          </label>
        ))}
      </fieldset>
      <Field label={t('version.changelog', 'Changelog')}>
        <textarea className="ms-input" rows={8} value={draft.changelog} maxLength={65536} onChange={(e) => setDraft({ ...draft, changelog: e.target.value })} />
      </Field>
      <fieldset className="pset-choices pset-choices--column">
        <legend>{t('version.dependencies', 'Dependencies')}</legend>
        {draft.dependencies.length > 0 && (
          <ul className="pset-deps">
            {draft.dependencies.map((d, i) => (
              <li key={`${d.project_id ?? d.version_id}-${i}`} data-testid="dependency">
                <span>{depProjects.data?.find((p) => p.id === d.project_id)?.title ?? d.project_id ?? d.version_id}</span>
                <span className="cat-badge">{d.dependency_type}</span>
                <button type="button" className="ms-btn" onClick={() => setDraft({ ...draft, dependencies: draft.dependencies.filter((_, j) => j !== i) })}>
                  {t('common.remove', 'Remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="pset-row">
          <Field label={t('version.dependencyProject', 'Project ID or slug')}>
            <input className="ms-input" value={dep} onChange={(e) => setDep(e.target.value)} />
          </Field>
          <Field label={t('version.dependencyType', 'Kind')}>
            <select className="ms-input" value={depType} onChange={(e) => setDepType(e.target.value as typeof depType)}>
              {DEP_TYPES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </Field>
          <button type="button" className="ms-btn" onClick={addDependency}>
            {t('version.addDependency', 'Add dependency')}
          </button>
        </div>
        <FormError error={depError} />
      </fieldset>
      <label className="pset-check">
        <input type="checkbox" checked={draft.featured} onChange={(e) => setDraft({ ...draft, featured: e.target.checked })} />{' '}
        {t('version.featured', 'Featured version')}
      </label>
    </>
  );
}

function loaderLabel(name: string): string {
  if (name === 'coreengine') return 'Core Engine';
  if (name === 'behaviorpack') return 'Behavior pack';
  if (name === 'zotecore') return 'ZoteCore';
  return name.charAt(0).toUpperCase() + name.slice(1);
}
