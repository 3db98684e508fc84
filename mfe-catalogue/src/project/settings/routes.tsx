/**
 * The project's author tabs (settings/*, version/{version}-new, version/{version}/edit), visible to
 * team members and staff only. The forms load on first use.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { ErrorScreen, Guard, injectCss, loading, messagesLoader, sessionAtom, WithMessages } from '@modshelf/web-kit';
import type { ProjectData } from '../project-data';
import { VersionPage } from '../VersionPage';
import { parseNewVersionParam } from './lib';
import css from './settings.css';
import { tr } from './t';

injectCss('catalogue-settings', css);

const ProjectSettings = lazy(() => loading.track(import('./ProjectSettings')).then((m) => ({ default: m.ProjectSettings })));
const VersionCreate = lazy(() => loading.track(import('./VersionForm')).then((m) => ({ default: m.VersionCreate })));
const VersionEdit = lazy(() => loading.track(import('./VersionForm')).then((m) => ({ default: m.VersionEdit })));

/** The author tabs' own language bundle (English is inline in the code). */
const loadSettingsMessages = messagesLoader((locale) => import(/* webpackChunkName: "project-settings-messages" */ `./messages/${locale}.json`));

const placeholder = <div className="cat-loading" aria-busy="true" />;

/** Anonymous -> sign in and back; not on the team -> an error screen; else the page. */
function MembersGate({ data, children }: { data: ProjectData; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const team = data.membersLoaded === false ? undefined : data.members;
  return (
    <Guard need="user" user={session?.user ?? null} loading={placeholder} forbidden={null}>
      <WithMessages load={loadSettingsMessages} placeholder={placeholder}>
        <Guard need={{ team, of: 'project' }} user={session?.user ?? null} loading={placeholder} forbidden={<NotMember />}>
          <Suspense fallback={placeholder}>{children}</Suspense>
        </Guard>
      </WithMessages>
    </Guard>
  );
}

function NotMember() {
  const intl = useIntl();
  return <ErrorScreen statusCode={403} message={tr(intl, 'settings.notMember', 'Only members of this project can manage it.')} />;
}

export function SettingsRoute({ data }: { data: ProjectData }) {
  return (
    <MembersGate data={data}>
      <ProjectSettings data={data} />
    </MembersGate>
  );
}

export function VersionEditRoute({ data }: { data: ProjectData }) {
  return (
    <MembersGate data={data}>
      <VersionEdit data={data} />
    </MembersGate>
  );
}

/** version/{version}: the version page, or version/{version}-new (and version/new) to publish one. */
export function VersionRoute({ data, loaded }: { data: ProjectData; loaded: boolean }) {
  const { version = '' } = useParams();
  const suggested = parseNewVersionParam(version);
  // an existing version whose number really ends in -new keeps its page
  const existing = data.versions.some((v) => v.displayUrlEnding === version || v.id === version);
  if (suggested === null || existing) return <VersionPage data={data} loaded={loaded} />;
  return (
    <MembersGate data={data}>
      <VersionCreate data={data} suggested={suggested} />
    </MembersGate>
  );
}
