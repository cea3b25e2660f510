/**
 * Long-form legal texts are translation catalogues in code: one file per document and language
 * (legal/<lang>/<document>.ts). Text may hold {{placeholders}} that the page fills from /api/user/site_info.
 */
export type LegalDocumentKey =
  | 'specific-commerce'
  | 'terms-of-service'
  | 'privacy-protection'
  | 'fund-settlement'
  | 'point-terms-of-service'
  | 'user-guide';

export const LEGAL_DOCUMENT_KEYS: readonly LegalDocumentKey[] = [
  'specific-commerce',
  'terms-of-service',
  'privacy-protection',
  'fund-settlement',
  'point-terms-of-service',
  'user-guide',
];

/** A numbered item; `items` are its own sub-items (一、二… in Japanese legal style, (a), (b)… in English). */
export type LegalItem = string | { text: string; items: string[] };

export interface LegalQuestion {
  q: string;
  a: string[];
}

export interface LegalSection {
  /** Anchor id, stable across languages (the table of contents links to it). */
  id: string;
  heading: string;
  paragraphs?: string[];
  /** A numbered list after the paragraphs. */
  items?: LegalItem[];
  /** Paragraphs after the list. */
  notes?: string[];
  /** Question-and-answer pairs (the user guide's FAQ). */
  faq?: LegalQuestion[];
  /** Shown only when every placeholder it uses has a value: a shop setting the owner may leave unset. */
  whenSet?: boolean;
}

export interface LegalDocument {
  title: string;
  /** The English label shown above the title (the spec's TERMS OF SALE, PRIVACY POLICY, PAYMENT SERVICE). */
  label: string;
  /**
   * 'articles': sections are numbered articles (第1条 / Article 1); 'table': a two-column notice (特定商取引法);
   * 'sections': plain boxed sections.
   */
  layout: 'articles' | 'table' | 'sections';
  /** ISO dates (YYYY-MM-DD). */
  established?: string;
  revised?: string;
  intro?: string[];
  sections: LegalSection[];
  /** Closing lines (以上 / End). */
  closing?: string[];
}
