import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { api, formatCategory, POPUP, projectPath, projectTypeSegment, SAMPLE_SEARCH_LIMIT, SEARCH_DEBOUNCE_MS, type SearchHit } from '@modshelf/web-kit';

/** The header's search box: a sample of 3 matches while typing; Enter opens the full search page. */
export function HeaderSearch() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [open, setOpen] = useState(false);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const query = q.trim();
    if (query.length < 2) {
      setHits(null);
      return;
    }
    const ctl = new AbortController();
    const t = setTimeout(() => {
      api.search({ query, limit: SAMPLE_SEARCH_LIMIT }, ctl.signal).then(
        (r) => setHits(r.hits.slice(0, SAMPLE_SEARCH_LIMIT)),
        () => undefined,
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [q]);

  // leaving a page closes the sample list
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    navigate(`/mods${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ''}`);
  };
  const label = intl.formatMessage({ id: 'header.search', defaultMessage: 'Search mods...' });
  const showList = open && hits !== null && q.trim().length >= 2;

  return (
    <form
      className="shell-search"
      role="search"
      onSubmit={onSubmit}
      onFocus={() => {
        clearTimeout(blurTimer.current);
        setOpen(true);
      }}
      onBlur={() => {
        blurTimer.current = setTimeout(() => setOpen(false), POPUP.disposeTimeoutMs);
      }}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      <input
        className="ms-input"
        type="search"
        name="q"
        value={q}
        autoComplete="off"
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        placeholder={label}
        role="combobox"
        aria-autocomplete="list"
        aria-label={label}
        aria-expanded={showList}
        aria-controls="shell-search-sample"
      />
      {showList && (
        <div className="shell-search__sample">
          {hits.length === 0 ? (
            <p className="ms-muted" id="shell-search-sample">
              <FormattedMessage id="header.noMatches" defaultMessage="No projects match." />
            </p>
          ) : (
            <div id="shell-search-sample" role="listbox" aria-label={label} className="shell-search__hits">
              {hits.map((h) => (
                <Link key={h.project_id} role="option" aria-selected="false" to={projectPath(h)} className="shell-search__hit" onClick={() => setOpen(false)}>
                  {h.icon_url ? <img src={h.icon_url} alt="" width={28} height={28} /> : <span className="shell-search__icon" aria-hidden="true" />}
                  <span className="shell-search__title">{h.title}</span>
                  <span className="ms-muted">{formatCategory(projectTypeSegment(h))}</span>
                </Link>
              ))}
            </div>
          )}
          <Link to={`/mods?q=${encodeURIComponent(q.trim())}`} className="shell-search__all" onClick={() => setOpen(false)}>
            <FormattedMessage id="header.allResults" defaultMessage="See all results" />
          </Link>
        </div>
      )}
    </form>
  );
}
