/** Description tab of project settings: the Markdown body with a preview. */
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { displayPreferencesAtom, Field, FormError, useT } from '@modshelf/web-kit';
import { type ProjectData } from '../project-data';
import { useMarkdownRenderer } from '../../markdown';
import { useSave } from './common';
import { has, projectCommands } from './lib';
import { useAccess } from './access';

export function DescriptionTab({ data }: { data: ProjectData }) {
  const t = useT();
  const p = data.project;
  const prefs = useAtomValue(displayPreferencesAtom);
  const { permissions } = useAccess(data);
  const [body, setBody] = useState(p.body ?? '');
  const [preview, setPreview] = useState(false);
  const save = useSave(data);
  const renderMarkdown = useMarkdownRenderer(preview);
  const html = useMemo(
    () => (preview && renderMarkdown ? renderMarkdown(body, { externalLinksNewTab: prefs.externalLinksNewTab }) : ''),
    [preview, renderMarkdown, body, prefs.externalLinksNewTab],
  );
  return (
    <form
      className="ms-card pset-card"
      aria-label={t('settings.description', 'Description')}
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(() => projectCommands.edit(p.id, { body }));
      }}
    >
      <h3>{t('settings.description', 'Description')}</h3>
      <div className="pset-row" role="tablist">
        <button type="button" role="tab" aria-selected={!preview} className="ms-btn" onClick={() => setPreview(false)}>
          {t('settings.write', 'Write')}
        </button>
        <button type="button" role="tab" aria-selected={preview} className="ms-btn" onClick={() => setPreview(true)}>
          {t('settings.preview', 'Preview')}
        </button>
      </div>
      {preview ? (
        <article className="cat-markdown pset-preview" data-testid="description-preview" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <Field label={t('settings.body', 'Body (Markdown)')}>
          <textarea
            className="ms-input pset-body"
            rows={18}
            value={body}
            maxLength={65536}
            onChange={(e) => setBody(e.target.value)}
            disabled={!has(permissions, 'EDIT_BODY')}
          />
        </Field>
      )}
      <FormError error={save.error} />
      <div className="pset-row">
        <button type="submit" className="ms-btn ms-btn--primary" disabled={!has(permissions, 'EDIT_BODY') || save.busy || body === (p.body ?? '')}>
          {t('settings.save', 'Save changes')}
        </button>
      </div>
    </form>
  );
}
