import { describe, expect, it } from 'vitest';
import { withChanges } from './evolve';

interface Doc {
  name: string;
  summary: string | null;
  downloads: number;
}
const doc: Doc = { name: 'Cool mod', summary: null, downloads: 3 };

describe('withChanges', () => {
  it('puts the defined changes over the document, leaving it as it was', () => {
    expect(withChanges(doc, { summary: 'New', name: undefined })).toEqual({ name: 'Cool mod', summary: 'New', downloads: 3 });
    expect(doc.summary).toBeNull();
  });

  it('accepts only fields of the document with values they may hold (npm run typecheck fails otherwise)', () => {
    const renamed: { nmae: string } = { nmae: 'typo' };
    // @ts-expect-error a field the document does not have
    expect(withChanges(doc, renamed)).toMatchObject({ nmae: 'typo' });
    // @ts-expect-error a value of the wrong type
    expect(withChanges(doc, { downloads: 'many' }).downloads).toBe('many');
    const edit: { name?: string; summary?: string | null } = { summary: null };
    expect(withChanges(doc, edit).summary).toBeNull();
  });
});
