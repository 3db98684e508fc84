import { useIntl } from 'react-intl';
import { pageWindow } from '../search-state';

export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  const intl = useIntl();
  return (
    <nav className="cat-pagination" aria-label={intl.formatMessage({ id: 'pagination.label', defaultMessage: 'Pages' })}>
      <button
        type="button"
        className="ms-btn"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={intl.formatMessage({ id: 'pagination.prev', defaultMessage: 'Previous page' })}
      >
        ‹
      </button>
      {pageWindow(page, pages).map((p, i) =>
        p === 0 ? (
          <span key={`gap${i}`} className="ms-muted">
            …
          </span>
        ) : (
          <button key={p} type="button" className="ms-btn" aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="ms-btn"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={intl.formatMessage({ id: 'pagination.next', defaultMessage: 'Next page' })}
      >
        ›
      </button>
    </nav>
  );
}
