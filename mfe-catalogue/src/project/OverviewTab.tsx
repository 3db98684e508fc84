import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { displayPreferencesAtom, type Project } from '@modshelf/web-kit';
import { renderMarkdown } from '../markdown';

export function OverviewTab({ project }: { project: Project }) {
  const prefs = useAtomValue(displayPreferencesAtom);
  const html = useMemo(() => renderMarkdown(project.body ?? '', { externalLinksNewTab: prefs.externalLinksNewTab }), [project.body, prefs.externalLinksNewTab]);
  return <article className="cat-markdown ms-card" data-testid="project-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
