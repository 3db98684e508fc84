import { useEffect } from 'react';

export const SITE_NAME = 'Modshelf';

function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export function pageTitle(title?: string): string {
  return title ? `${title} - ${SITE_NAME}` : SITE_NAME;
}

/** Sets the page's title and description (plus Open Graph copies for link previews). */
export function usePageMeta(title: string | undefined, description?: string): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = pageTitle(title);
    setMeta('property', 'og:title', title);
    if (description !== undefined) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
  }, [title, description]);
}
