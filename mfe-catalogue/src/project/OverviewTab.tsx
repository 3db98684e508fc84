import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { displayPreferencesAtom, withExternalLinksNewTab, type Project } from '@modshelf/web-kit';
import { useMarkdownRenderer, useRenderedBody } from '../markdown';

export function OverviewTab({ project }: { project: Project }) {
  const prefs = useAtomValue(displayPreferencesAtom);
  const body = project.body ?? '';
  // the description the server rendered into the page, while the project still has that description
  const rendered = useRenderedBody(project.id);
  const fromPage = rendered && rendered.source === body ? rendered.html : null;
  const render = useMarkdownRenderer(fromPage === null);
  const html = useMemo(
    () =>
      fromPage !== null
        ? withExternalLinksNewTab(fromPage, prefs.externalLinksNewTab)
        : render
          ? render(body, { externalLinksNewTab: prefs.externalLinksNewTab })
          : null,
    [fromPage, render, body, prefs.externalLinksNewTab],
  );
  if (html === null) return <article className="cat-markdown ms-card" data-testid="project-body" aria-busy="true" />;
  return <article className="cat-markdown ms-card" data-testid="project-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
