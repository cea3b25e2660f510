import type { LegalDocument, LegalDocumentKey } from './types';

// Each document and language is its own chunk, loaded when its page opens.
const loaders = import.meta.glob<{ default: LegalDocument }>('./*/*.ts');

export async function loadLegalDocument(lang: 'ja' | 'en', key: LegalDocumentKey): Promise<LegalDocument> {
  const load = loaders[`./${lang}/${key}.ts`];
  if (!load) throw new Error(`No legal document ${lang}/${key}`);
  return (await load()).default;
}

export * from './types';
export * from './placeholders';
