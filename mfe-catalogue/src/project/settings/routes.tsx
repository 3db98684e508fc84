/**
 * The project's author tabs (settings/*, version/{version}-new, version/{version}/edit), visible to
 * team members and staff only. The forms load on first use.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Navigate, useLocation, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { DEFAULT_LOCALE, ErrorScreen, injectCss, loading, sessionAtom, signInPath, type Session, type TeamMember } from '@modshelf/web-kit';
import type { ProjectData } from '../project-data';
import { VersionPage } from '../VersionPage';
import { accessOf, parseNewVersionParam } from './lib';
import css from './settings.css';
import { tr } from './t';

injectCss('catalogue-settings', css);

const ProjectSettings = lazy(() => loading.track(import('./ProjectSettings')).then((m) => ({ default: m.ProjectSettings })));
const VersionCreate = lazy(() => loading.track(import('./VersionForm')).then((m) => ({ default: m.VersionCreate })));
const VersionEdit = lazy(() => loading.track(import('./VersionForm')).then((m) => ({ default: m.VersionEdit })));

type Messages = Record<string, string>;
const bundles = new Map<string, Promise<Messages>>();
/** The author tabs' own language bundle, fetched on demand (English is inline in the code). */
function loadSettingsMessages(locale: string): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve({});
  let p = bundles.get(locale);
  if (!p) {
    p = import(/* webpackChunkName: "project-settings-messages" */ `./messages/${locale}.json`).then((m: { default: Messages }) => m.default);
    p.catch(() => bundles.delete(locale));
    bundles.set(locale, p);
  }
  return p;
}

function WithMessages({ children }: { children: ReactNode }) {
  const parent = useIntl();
  const [own, setOwn] = useState<{ locale: string; messages: Messages } | null>(null);
  useEffect(() => {
    let live = true;
    loadSettingsMessages(parent.locale).then(
      (messages) => live && setOwn({ locale: parent.locale, messages }),
      () => live && setOwn({ locale: parent.locale, messages: {} }),
    );
    return () => {
      live = false;
    };
  }, [parent.locale]);
  const messages = own?.locale === parent.locale ? own.messages : {};
  return (
    <IntlProvider locale={parent.locale} messages={{ ...(parent.messages as Messages), ...messages }} defaultLocale={DEFAULT_LOCALE} onError={() => undefined}>
      {children}
    </IntlProvider>
  );
}

/** Whether the signed-in user sees the Settings tab (team members and staff). */
export function canManage(session: Session | null, members: readonly TeamMember[]): boolean {
  const a = accessOf(session?.user, members);
  return !!a.member || a.staff;
}

/** Anonymous -> sign in and back; not on the team -> an error screen; else the page. */
function MembersGate({ data, children }: { data: ProjectData; children: ReactNode }) {
  const location = useLocation();
  const session = useAtomValue(sessionAtom);
  if (!session) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  if (data.membersLoaded === false) return <div className="cat-loading" aria-busy="true" />;
  return (
    <WithMessages>
      {canManage(session, data.members) ? <Suspense fallback={<div className="cat-loading" aria-busy="true" />}>{children}</Suspense> : <NotMember />}
    </WithMessages>
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
