/** Links tab of project settings: issue, source, wiki and Discord links and donation links. */
import { useState, type FormEvent } from 'react';
import { apiFetch, Field, FormError, useApi, useT, type DonationPlatformTag } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { useSave } from './common';
import { has, projectCommands, validUrl } from './lib';
import { useAccess } from './access';

const LINK_FIELDS = ['issues_url', 'source_url', 'wiki_url', 'discord_url'] as const;

export function LinksTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const { permissions } = useAccess(data);
  const canEdit = has(permissions, 'EDIT_DETAILS');
  const platforms = useApi('tag:donation_platform', (s) => apiFetch<DonationPlatformTag[]>('/tag/donation_platform', { signal: s }));
  const [links, setLinks] = useState<Record<(typeof LINK_FIELDS)[number], string>>({
    issues_url: p.issues_url ?? '',
    source_url: p.source_url ?? '',
    wiki_url: p.wiki_url ?? '',
    discord_url: p.discord_url ?? '',
  });
  const [donations, setDonations] = useState((p.donation_urls ?? []).map((d) => ({ id: d.id, url: d.url })));
  const save = useSave(data);
  const labels: Record<(typeof LINK_FIELDS)[number], string> = {
    issues_url: t('links.issues', 'Issue tracker'),
    source_url: t('links.source', 'Source code'),
    wiki_url: t('links.wiki', 'Wiki page'),
    discord_url: t('links.discord', 'Discord invite'),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const urls = [...Object.values(links), ...donations.map((d) => d.url)];
    if (!urls.every(validUrl)) return save.setError(t('settings.badUrl', 'Enter a full http(s) address.'));
    const body = {
      ...Object.fromEntries(LINK_FIELDS.map((k) => [k, links[k] || null])),
      donation_urls: donations.filter((d) => d.url).map((d) => ({ id: d.id, url: d.url })),
    };
    void save.run(() => projectCommands.edit(p.id, body));
  };
  return (
    <form className="ms-card pset-card" aria-label={t('settings.links', 'Links')} onSubmit={submit}>
      <h3>{t('settings.links', 'Links')}</h3>
      {LINK_FIELDS.map((k) => (
        <Field key={k} label={labels[k]}>
          <input className="ms-input" type="url" value={links[k]} onChange={(e) => setLinks({ ...links, [k]: e.target.value })} disabled={!canEdit} />
        </Field>
      ))}
      <h4>{t('links.donations', 'Donation links')}</h4>
      {donations.map((d, i) => (
        <div className="pset-row" key={i} data-testid="donation-row">
          <select
            className="ms-input"
            aria-label={t('links.platform', 'Platform')}
            value={d.id}
            disabled={!canEdit}
            onChange={(e) => setDonations(donations.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)))}
          >
            {(platforms.data ?? [{ short: d.id, name: d.id }]).map((pl) => (
              <option key={pl.short} value={pl.short}>
                {pl.name}
              </option>
            ))}
          </select>
          <input
            className="ms-input"
            type="url"
            aria-label={t('links.donationUrl', 'Donation URL')}
            value={d.url}
            disabled={!canEdit}
            onChange={(e) => setDonations(donations.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))}
          />
          <button type="button" className="ms-btn" disabled={!canEdit} onClick={() => setDonations(donations.filter((_, j) => j !== i))}>
            {t('common.remove', 'Remove')}
          </button>
        </div>
      ))}
      <div className="pset-row">
        <button
          type="button"
          className="ms-btn"
          disabled={!canEdit}
          onClick={() => setDonations([...donations, { id: platforms.data?.[0]?.short ?? 'other', url: '' }])}
        >
          {t('links.addDonation', 'Add a donation link')}
        </button>
      </div>
      <FormError error={save.error} />
      <button type="submit" className="ms-btn ms-btn--primary" disabled={!canEdit || save.busy}>
        {t('settings.save', 'Save changes')}
      </button>
    </form>
  );
}
