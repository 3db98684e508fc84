import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { api, countValues, formatCategory, formatRelativeTime, prefetchApi, projectPath, type Layout, type Project, type SearchHit } from '@modshelf/web-kit';

export interface CardData {
  id: string;
  slug: string | null;
  project_type: string;
  title: string;
  description: string;
  author?: string;
  icon_url?: string | null;
  categories: string[];
  loaders?: string[];
  downloads: number;
  follows: number;
  updated: string;
  gallery?: string | null;
  color?: number | null;
}

export function fromHit(h: SearchHit): CardData {
  return {
    id: h.project_id,
    slug: h.slug,
    project_type: h.project_type,
    title: h.title,
    description: h.description,
    author: h.author,
    icon_url: h.icon_url,
    categories: h.display_categories ?? h.categories,
    loaders: h.categories,
    downloads: h.downloads,
    follows: h.follows,
    updated: h.date_modified,
    gallery: h.featured_gallery ?? h.gallery?.[0] ?? null,
    color: h.color,
  };
}

export function fromProject(p: Project): CardData {
  const featured = p.gallery?.find((g) => g.featured) ?? p.gallery?.[0];
  return {
    id: p.id,
    slug: p.slug,
    project_type: p.project_type,
    title: p.title,
    description: p.description,
    icon_url: p.icon_url,
    categories: [...p.categories, ...p.loaders],
    loaders: p.loaders,
    downloads: p.downloads,
    follows: p.followers,
    updated: p.updated,
    gallery: featured?.url ?? null,
    color: p.color,
  };
}

export function ProjectIcon({ url, title, size = 64 }: { url?: string | null; title: string; size?: number }) {
  if (url) return <img className="cat-icon" src={url} alt="" width={size} height={size} loading="lazy" />;
  return (
    <span className="cat-icon cat-icon--placeholder" style={{ width: size, height: size }} aria-hidden="true">
      {title.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function ProjectCard({ p, layout }: { p: CardData; layout: Layout }) {
  const intl = useIntl();
  const href = projectPath({ id: p.id, slug: p.slug, project_type: p.project_type, categories: p.loaders });
  // the project page asks for project:{slug or id}; warm that entry when the link is about to be used
  const key = p.slug || p.id;
  const preload = () => prefetchApi(`project:${key}`, () => api.project(key));
  const bg = p.color != null ? `#${p.color.toString(16).padStart(6, '0')}` : undefined;
  return (
    <article className={`cat-card cat-card--${layout}`} data-testid="project-card">
      {layout === 'gallery' && (
        <Link to={href} className="cat-card__gallery" style={{ background: bg }} tabIndex={-1} aria-hidden="true">
          {p.gallery && <img src={p.gallery} alt="" loading="lazy" />}
        </Link>
      )}
      <Link to={href} className="cat-card__icon" tabIndex={-1} aria-hidden="true">
        <ProjectIcon url={p.icon_url} title={p.title} size={layout === 'list' ? 88 : 64} />
      </Link>
      <div className="cat-card__body">
        <h3 className="cat-card__title">
          <Link to={href} onMouseEnter={preload} onFocus={preload}>
            {p.title}
          </Link>
          {p.author && (
            <span className="cat-card__author ms-muted">
              {' '}
              <FormattedMessage id="card.by" defaultMessage="by {author}" values={{ author: p.author }} />
            </span>
          )}
        </h3>
        <p className="cat-card__desc">{p.description}</p>
        <ul className="cat-tags" aria-label={intl.formatMessage({ id: 'card.categories', defaultMessage: 'Categories' })}>
          {p.categories.slice(0, 6).map((c) => (
            <li key={c}>{formatCategory(c)}</li>
          ))}
        </ul>
      </div>
      <div className="cat-card__stats">
        <span title={intl.formatMessage({ id: 'card.downloads', defaultMessage: 'Downloads' })}>
          <FormattedMessage
            id="card.downloadsCount"
            defaultMessage="{compact, select, yes {{n} downloads} other {{count, plural, one {{n} download} other {{n} downloads}}}}"
            values={countValues(p.downloads, (t) => (
              <strong>{t}</strong>
            ))}
          />
        </span>
        <span>
          <FormattedMessage
            id="card.followersCount"
            defaultMessage="{compact, select, yes {{n} followers} other {{count, plural, one {{n} follower} other {{n} followers}}}}"
            values={countValues(p.follows, (t) => (
              <strong>{t}</strong>
            ))}
          />
        </span>
        <span className="ms-muted">
          <FormattedMessage id="card.updated" defaultMessage="Updated {when}" values={{ when: formatRelativeTime(p.updated, intl.locale) }} />
        </span>
      </div>
    </article>
  );
}
