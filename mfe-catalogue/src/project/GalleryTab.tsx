import { useLayoutEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate, type Project } from '@modshelf/web-kit';

/** Gallery grid with a lightbox (arrow keys move, Escape closes). */
export function GalleryTab({ project }: { project: Project }) {
  const intl = useIntl();
  const items = [...(project.gallery ?? [])].sort((a, b) => (a.ordering ?? 0) - (b.ordering ?? 0));
  const [open, setOpen] = useState<number | null>(null);

  // a layout effect: the keys work from the moment the lightbox shows (preact runs plain effects a frame later)
  useLayoutEffect(() => {
    if (open === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(null);
      if (e.key === 'ArrowRight') setOpen((i) => (i === null ? i : (i + 1) % items.length));
      if (e.key === 'ArrowLeft') setOpen((i) => (i === null ? i : (i - 1 + items.length) % items.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, items.length]);

  if (items.length === 0)
    return (
      <p className="ms-card">
        <FormattedMessage id="gallery.empty" defaultMessage="No images yet." />
      </p>
    );
  const current = open === null ? null : items[open];
  return (
    <>
      <div className="cat-gallery">
        {items.map((g, i) => (
          <figure key={g.url} className="cat-gallery__item ms-card">
            <button
              type="button"
              className="cat-gallery__open"
              onClick={() => setOpen(i)}
              aria-label={g.title ?? intl.formatMessage({ id: 'gallery.open', defaultMessage: 'Open image' })}
            >
              <img src={g.url} alt={g.title ?? ''} loading="lazy" />
            </button>
            <figcaption>
              {g.title && <strong>{g.title}</strong>}
              {g.description && <span className="ms-muted">{g.description}</span>}
              <span className="ms-muted">{formatDate(g.created, intl.locale)}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      {current && (
        <div className="cat-lightbox" role="dialog" aria-modal="true" aria-label={current.title ?? ''} onClick={() => setOpen(null)}>
          <img src={current.raw_url ?? current.url} alt={current.title ?? ''} onClick={(e) => e.stopPropagation()} />
          <div className="cat-lightbox__bar" onClick={(e) => e.stopPropagation()}>
            <span>{current.title}</span>
            <button type="button" className="ms-btn" onClick={() => setOpen((open! - 1 + items.length) % items.length)}>
              ‹
            </button>
            <button type="button" className="ms-btn" onClick={() => setOpen((open! + 1) % items.length)}>
              ›
            </button>
            <a className="ms-btn" href={current.raw_url ?? current.url} target="_blank" rel="noopener noreferrer">
              <FormattedMessage id="gallery.original" defaultMessage="Open original" />
            </a>
            <button type="button" className="ms-btn" onClick={() => setOpen(null)}>
              <FormattedMessage id="gallery.close" defaultMessage="Close" />
            </button>
          </div>
        </div>
      )}
    </>
  );
}
