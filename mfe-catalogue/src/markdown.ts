/**
 * Project markdown (descriptions, changelogs, moderation messages) is rendered by the web kit's sanitizing renderer
 * (the one threads and comments use), loaded on first use in a chunk of its own rather than with the project page:
 * a project page's description arrives rendered by the server (`useRenderedBody`), so its first render needs no parser.
 */
import { useEffect, useState } from 'react';
import { renderedBodyKey, takePreloaded, type RenderedBody } from '@modshelf/web-kit/preloaded';

export type RenderMarkdown = (source: string, opts?: { externalLinksNewTab?: boolean }) => string;

let loaded: RenderMarkdown | null = null;
let loading: Promise<RenderMarkdown> | null = null;

export function loadMarkdown(): Promise<RenderMarkdown> {
  loading ??= import(/* webpackChunkName: "markdown" */ '@modshelf/web-kit/markdown').then((m) => (loaded = m.renderMarkdown));
  loading.catch(() => (loading = null));
  return loading;
}

/** The renderer, or null while it loads (`needed` false: none is loaded). */
export function useMarkdownRenderer(needed = true): RenderMarkdown | null {
  const [render, setRender] = useState<RenderMarkdown | null>(() => loaded);
  useEffect(() => {
    if (render || !needed) return;
    let live = true;
    loadMarkdown().then(
      (r) => live && setRender(() => r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [render, needed]);
  return render;
}

/** The project's description as the server rendered it into the page, taken once on the first render (undefined when not inlined). */
export function useRenderedBody(projectId: string): RenderedBody | undefined {
  const [body] = useState(() => {
    const v = takePreloaded(renderedBodyKey(projectId)) as Partial<RenderedBody> | undefined;
    return v && typeof v.source === 'string' && typeof v.html === 'string' ? { source: v.source, html: v.html } : undefined;
  });
  return body;
}
