/** A legal document: a title, when it last changed, and sections of plain paragraphs. */
export interface LegalDoc {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** The documents under /legal/{doc}: the spec's rules, copyright and security, plus the terms and privacy policy the sign-up form links to. */
export const LEGAL_DOCS = ['terms', 'privacy', 'rules', 'copyright', 'security'] as const;
export type LegalDocName = (typeof LEGAL_DOCS)[number];
export type LegalTexts = Record<LegalDocName, LegalDoc>;
