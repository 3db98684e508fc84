/**
 * What a micro-frontend exposes to the shell (`./routes`, default export: a component taking no
 * props): its route table inside its own language bundle, with page chunks loaded on first use,
 * an optional guard and the 404 page. A remote.tsx is its route table plus one defineRemote call.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Route, Routes, useLocation } from 'react-router';
import { DEFAULT_LOCALE } from '../constants';
import { NotFound } from '../ErrorScreen';
import { injectCss } from '../inject-css';
import { loading } from '../loading';
import type { Need } from './access';
import { Guard } from './Guard';
import type { Messages, MessagesLoader } from './messages';

/** A page that loads on first use (the shell's loading bar shows while it does). */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loading.track(load()).then((c) => ({ default: c })));
}

export interface RemoteRoute {
  path: string;
  element: ReactNode;
  /** who may open this page (checked with the remote's `auth.useUser`) */
  need?: Need;
}

export interface UserState {
  /** the signed-in user; null when anonymous, undefined while it is read */
  data: { id: string; role: string } | null | undefined;
  error?: unknown;
}

export interface RemoteAuth {
  /** who is signed in (a hook) */
  useUser: () => UserState;
  /** what every page of the remote needs (the 404 page included); routes may ask for more */
  need?: Need;
  /** what a signed-in user who may not open a page sees (default: the 404 page) */
  Forbidden?: ComponentType<{ need: Need }>;
  /** called before an anonymous visitor is sent to sign in */
  onSignIn?: () => void;
}

export interface RemoteDefinition {
  /** the remote's name (data-remote) and the id of its stylesheet */
  name: string;
  /** class of the remote's root element; `${className}-loading` is its loading placeholder */
  className: string;
  version: string;
  css: string;
  /** the remote's own language bundles: messagesLoader((locale) => import(`./messages/${locale}.json`)) */
  messages: MessagesLoader;
  routes: readonly RemoteRoute[];
  auth?: RemoteAuth;
  /** a frame around every page (navigation), inside the guard */
  Layout?: ComponentType<{ children: ReactNode }>;
}

/**
 * The messages of `load` for the current locale over the parent's; null until the first bundle
 * arrives (later language switches keep the page on screen until the new bundle is there).
 */
export function useOwnMessages(load: MessagesLoader): Messages | null {
  const parent = useIntl();
  const locale = parent.locale;
  const [own, setOwn] = useState<{ locale: string; messages: Messages }>({ locale: DEFAULT_LOCALE, messages: {} });
  const painted = useRef(false);
  useEffect(() => {
    if (own.locale === locale) return;
    let live = true;
    load(locale).then(
      (messages) => live && setOwn({ locale, messages }),
      () => live && setOwn({ locale, messages: {} }),
    );
    return () => {
      live = false;
    };
  }, [load, locale, own.locale]);
  if (!painted.current && own.locale !== locale) return null;
  painted.current = true;
  return { ...(parent.messages as Messages), ...own.messages };
}

/** Children rendered with a bundle of their own over the parent's messages. */
export function WithMessages({ load, placeholder, children }: { load: MessagesLoader; placeholder: ReactNode; children: ReactNode }) {
  const { locale } = useIntl();
  const messages = useOwnMessages(load);
  if (!messages) return <>{placeholder}</>;
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale={DEFAULT_LOCALE} onError={() => undefined}>
      {children}
    </IntlProvider>
  );
}

function Fallback404() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}

function AuthGate({ auth, need, placeholder, children }: { auth: RemoteAuth; need: Need; placeholder: ReactNode; children: ReactNode }) {
  const user = auth.useUser();
  const { pathname } = useLocation();
  const Forbidden = auth.Forbidden;
  return (
    <Guard
      need={need}
      user={user.data}
      error={user.error}
      loading={placeholder}
      forbidden={Forbidden ? <Forbidden need={need} /> : <NotFound path={pathname} />}
      onSignIn={auth.onSignIn}
    >
      {children}
    </Guard>
  );
}

export function defineRemote(def: RemoteDefinition): ComponentType {
  const unguarded = def.routes.filter((r) => r.need && !def.auth).map((r) => r.path);
  if (unguarded.length > 0) throw new Error(`${def.name}: ${unguarded.join(', ')} need a user, but the remote has no auth.useUser`);
  injectCss(def.name, def.css);
  const load = def.messages;
  const placeholder = <div className={`${def.className}-loading`} aria-busy="true" />;
  const { auth, Layout } = def;
  const guarded = (need: Need | undefined, el: ReactNode) =>
    need && auth ? (
      <AuthGate auth={auth} need={need} placeholder={placeholder}>
        {el}
      </AuthGate>
    ) : (
      el
    );

  function Remote() {
    const { locale } = useIntl();
    const messages = useOwnMessages(load);
    // first paint in another language: wait for the bundle rather than flash English
    if (!messages) return placeholder;
    const pages = (
      <Suspense fallback={placeholder}>
        <Routes>
          {def.routes.map((r) => (
            <Route key={r.path} path={r.path} element={guarded(r.need, r.element)} />
          ))}
          <Route path="*" element={<Fallback404 />} />
        </Routes>
      </Suspense>
    );
    return (
      <IntlProvider locale={locale} messages={messages} defaultLocale={DEFAULT_LOCALE} onError={() => undefined}>
        <div className={def.className} data-remote={def.name} data-version={def.version}>
          {guarded(auth?.need, Layout ? <Layout>{pages}</Layout> : pages)}
        </div>
      </IntlProvider>
    );
  }
  Remote.displayName = `Remote(${def.name})`;
  return Remote;
}
