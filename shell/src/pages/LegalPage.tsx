import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { NotFound, usePageMeta } from '@modshelf/web-kit';

const DOCS = {
  rules: {
    title: { id: 'legal.rules.title', defaultMessage: 'Content rules' },
    body: {
      id: 'legal.rules.body',
      defaultMessage:
        'Projects must be your own work or shared with permission, must not contain malware, and must describe what they do honestly. Spam, name-squatting and inappropriate content are removed.',
    },
  },
  copyright: {
    title: { id: 'legal.copyright.title', defaultMessage: 'Copyright policy' },
    body: {
      id: 'legal.copyright.body',
      defaultMessage: 'If you believe a project infringes your copyright, file a report with the reason "copyright" and the details of your claim.',
    },
  },
  security: {
    title: { id: 'legal.security.title', defaultMessage: 'Security notice' },
    body: {
      id: 'legal.security.body',
      defaultMessage: 'Found a vulnerability? Report it privately to the staff; please do not disclose it publicly until it is fixed.',
    },
  },
} as const;

export function LegalPage() {
  const intl = useIntl();
  const { doc } = useParams();
  const key = (doc ?? '') as keyof typeof DOCS;
  const entry = doc ? DOCS[key] : undefined;
  usePageMeta(entry ? intl.formatMessage(entry.title) : intl.formatMessage({ id: 'legal.title', defaultMessage: 'Legal' }));
  if (doc && !entry) return <NotFound path={`/legal/${doc}`} />;
  return (
    <article className="ms-card shell-page">
      {entry ? (
        <>
          <h1>{intl.formatMessage(entry.title)}</h1>
          <p>{intl.formatMessage(entry.body)}</p>
        </>
      ) : (
        <>
          <h1><FormattedMessage id="legal.title" defaultMessage="Legal" /></h1>
          <ul>
            {(Object.keys(DOCS) as (keyof typeof DOCS)[]).map((k) => (
              <li key={k}><Link to={`/legal/${k}`}>{intl.formatMessage(DOCS[k].title)}</Link></li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
