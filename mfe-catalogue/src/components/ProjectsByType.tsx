import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useAtomValue } from 'jotai';
import { displayPreferencesAtom, projectTypeSegment, type Layout, type Project } from '@modshelf/web-kit';
import { fromProject, ProjectCard } from './ProjectCard';
import { VirtualList } from './VirtualList';

const TYPE_LABELS: Record<string, { id: string; defaultMessage: string }> = {
  mod: { id: 'type.mods', defaultMessage: 'Mods' },
  modpack: { id: 'type.modpacks', defaultMessage: 'Modpacks' },
  server: { id: 'type.servers', defaultMessage: 'Servers' },
  behaviorpack: { id: 'type.behaviorpacks', defaultMessage: 'Behavior packs' },
  project: { id: 'type.projects', defaultMessage: 'Projects' },
};

/** A page's projects with one tab per project type ({base}/{projectType}); long lists are virtualised. */
export function ProjectsByType({ projects, base, selected, layout }: { projects: Project[]; base: string; selected?: string; layout: Layout }) {
  const intl = useIntl();
  useAtomValue(displayPreferencesAtom);
  const types = [...new Set(projects.map((p) => projectTypeSegment(p)))].sort();
  const shown = selected ? projects.filter((p) => projectTypeSegment(p) === selected) : projects;
  return (
    <section className="cat-owned">
      {types.length > 1 && (
        <nav className="cat-tabs" aria-label={intl.formatMessage({ id: 'owned.types', defaultMessage: 'Project types' })}>
          <NavLink to={base} end>
            <FormattedMessage id="owned.all" defaultMessage="All" />
          </NavLink>
          {types.map((t) => (
            <NavLink key={t} to={`${base}/${t}`}>
              {intl.formatMessage(TYPE_LABELS[t] ?? TYPE_LABELS.project)}
            </NavLink>
          ))}
        </nav>
      )}
      {shown.length === 0 ? (
        <p className="ms-card ms-muted">
          <FormattedMessage id="owned.none" defaultMessage="No projects yet." />
        </p>
      ) : layout === 'list' ? (
        <VirtualList
          className="cat-results cat-results--list"
          items={shown}
          estimate={140}
          getKey={(p) => p.id}
          render={(p) => <ProjectCard p={fromProject(p)} layout="list" />}
        />
      ) : (
        <div className={`cat-results cat-results--${layout}`}>
          {shown.map((p) => (
            <ProjectCard key={p.id} p={fromProject(p)} layout={layout} />
          ))}
        </div>
      )}
    </section>
  );
}
