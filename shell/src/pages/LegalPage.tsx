import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { formatDate, NotFound, usePageMeta } from '@modshelf/web-kit';
import { LEGAL_DOCS, type LegalDocName, type LegalTexts } from './legal/types';

/** The texts of a language, loaded with the page (Russian on demand); any other language reads English. */
function loadTexts(locale: string): Promise<LegalTexts> {
  return locale === 'ru' ? import('./legal/ru').then((m) => m.TEXTS) : import('./legal/en-US').then((m) => m.TEXTS);
}

const isDoc = (d: string | undefined): d is LegalDocName => (LEGAL_DOCS as readonly string[]).includes(d ?? '');

export function LegalPage() {
  const intl = useIntl();
  const { doc } = useParams();
  const [texts, setTexts] = useState<{ locale: string; texts: LegalTexts } | null>(null);
  useEffect(() => {
    let live = true;
    void loadTexts(intl.locale).then((t) => live && setTexts({ locale: intl.locale, texts: t }));
    return () => {
      live = false;
    };
  }, [intl.locale]);
  const entry = isDoc(doc) && texts ? texts.texts[doc] : undefined;
  usePageMeta(entry ? entry.title : intl.formatMessage({ id: 'legal.title', defaultMessage: 'Legal' }));
  if (doc && !isDoc(doc)) return <NotFound path={`/legal/${doc}`} />;
  if (!texts) return <div className="shell-area-loading" aria-busy="true" />;
  return (
    <article className="ms-card shell-page shell-legal" data-doc={doc ?? ''}>
      {entry ? (
        <>
          <h1>{entry.title}</h1>
          <p className="ms-muted">
            <FormattedMessage id="legal.updated" defaultMessage="Last updated {date}" values={{ date: formatDate(entry.updated, intl.locale) }} />
          </p>
          {entry.sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </section>
          ))}
        </>
      ) : (
        <>
          <h1>
            <FormattedMessage id="legal.title" defaultMessage="Legal" />
          </h1>
          <ul>
            {LEGAL_DOCS.map((k) => (
              <li key={k}>
                <Link to={`/legal/${k}`}>{texts.texts[k].title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
