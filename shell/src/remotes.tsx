import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ErrorScreen, loading } from '@modshelf/web-kit';
import { areaForPath, buildMetaUrl, MANIFEST_URL, parseManifest, type RemoteManifestEntry, type RemotesManifest, type RouteRules } from './areas';

/** Fetches the runtime remotes manifest (served beside the shell, never cached) and registers its remotes. */
export async function loadManifest(): Promise<RemotesManifest> {
  let manifest: RemotesManifest = { buildId: '', remotes: [] };
  try {
    const res = await fetch(MANIFEST_URL, { cache: 'no-cache' });
    if (res.ok) manifest = parseManifest(await res.json());
  } catch {
    /* no manifest: every area shows its missing-part screen */
  }
  registerRemotes(manifest.remotes.map((r) => ({ name: r.name, entry: r.entry })));
  return manifest;
}

/** The route rules of the current build (builds/meta/{id}.json); none when it cannot be read. */
export async function loadRouteRules(buildId: string): Promise<RouteRules> {
  if (!buildId) return {};
  try {
    const res = await fetch(buildMetaUrl(buildId), { cache: 'no-cache' });
    if (!res.ok) return {};
    const meta = (await res.json()) as { matcher?: { static?: RouteRules } };
    return meta.matcher?.static ?? {};
  } catch {
    return {};
  }
}

export interface RemoteModule {
  default: ComponentType;
}

const modules = new Map<string, Promise<RemoteModule>>();
/** The parts that have arrived, so an area renders them at once (no loading pass). */
const loaded = new Map<string, RemoteModule>();

function loadArea(entry: RemoteManifestEntry): Promise<RemoteModule> {
  let p = modules.get(entry.name);
  if (!p) {
    const id = `${entry.name}/${entry.expose.replace(/^\.\//, '')}`;
    p = loading.track(
      loadRemote<RemoteModule>(id).then((m) => {
        if (!m || typeof m.default !== 'function') throw new Error(`The ${entry.name} part did not load`);
        loaded.set(entry.name, m);
        return m;
      }),
    );
    p.catch(() => modules.delete(entry.name));
    modules.set(entry.name, p);
  }
  return p;
}

/** The load started before the first render, handed to the first area that shows that part (one attempt, as before). */
let early: { name: string; promise: Promise<RemoteModule> } | null = null;

/** Starts loading the part that renders `path` before the first render (the HTML has preloaded its scripts). */
export function startLoadingArea(manifest: RemotesManifest, path: string): void {
  const name = areaForPath(path, manifest);
  const entry = manifest.remotes.find((r) => r.name === name);
  if (!entry) return;
  early = { name: entry.name, promise: loadArea(entry) };
  early.promise.catch(() => undefined);
}

interface BoundaryProps {
  resetKey: string;
  area: string;
  children: ReactNode;
}
interface BoundaryState {
  error: Error | null;
  key: string;
}

/** Keeps a remote's crash inside its area; navigating elsewhere clears it. */
export class AreaErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.area}]`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorScreen message={this.state.error.message || 'Unknown error'} />;
    return this.props.children;
  }
}

/** Renders one micro-frontend, or the error screen when it is missing, down, or throws. */
export function RemoteArea({ area, manifest }: { area: string; manifest: RemotesManifest }) {
  const intl = useIntl();
  const location = useLocation();
  const entry = manifest.remotes.find((r) => r.name === area);
  const [state, setState] = useState<{ mod?: RemoteModule; error?: Error; name?: string }>(() => {
    const mod = entry && loaded.get(entry.name);
    return mod && entry ? { mod, name: entry.name } : {};
  });

  useEffect(() => {
    if (!entry) return;
    let live = true;
    const started = early?.name === entry.name ? early.promise : loadArea(entry);
    early = null;
    started.then(
      (mod) => live && setState((s) => (s.mod === mod && s.name === entry.name ? s : { mod, name: entry.name })),
      (e: unknown) => live && setState({ error: e instanceof Error ? e : new Error(String(e)), name: entry.name }),
    );
    return () => {
      live = false;
    };
  }, [entry]);

  if (!entry) {
    return (
      <ErrorScreen
        statusCode={503}
        message={intl.formatMessage({ id: 'shell.missingPart', defaultMessage: 'This part of the site ({area}) is not available yet.' }, { area })}
      />
    );
  }
  if (state.name === entry.name && state.error) {
    return (
      <ErrorScreen
        statusCode={503}
        message={intl.formatMessage(
          { id: 'shell.partDown', defaultMessage: 'This part of the site ({area}) could not be loaded. Try again in a bit.' },
          { area },
        )}
      />
    );
  }
  if (state.name !== entry.name || !state.mod) return <div className="shell-area-loading" aria-busy="true" />;
  const Root = state.mod.default;
  return (
    <AreaErrorBoundary area={area} resetKey={location.pathname}>
      <Root />
    </AreaErrorBoundary>
  );
}
