import { SUPPORT_HOURS, type SiteInfo } from '@oripa/core';
import type { LegalDocument, LegalItem, LegalSection } from './types';

/** Every placeholder the legal texts may use; the page fills each of them. */
export const PLACEHOLDER_NAMES = [
  'shopName',
  'operatorName',
  'operatorAddress',
  'representative',
  'phone',
  'email',
  'supportHours',
  'antiqueDealerLicence',
] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];
export type PlaceholderValues = Record<PlaceholderName, string>;

const PATTERN = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholder names a text uses, in order of appearance. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PATTERN)].map((m) => m[1]!);
}

export function fillText(text: string, values: Partial<Record<string, string>>, fallback: string): string {
  return text.replace(PATTERN, (_, name: string) => values[name] ?? fallback);
}

/**
 * The values for one language from the site_info reply; null (the call failed) leaves every operator value
 * empty so the caller's fallback ("please contact us") shows instead. Shop name and support hours are
 * business constants the page knows anyway.
 */
export function placeholderValues(
  info: SiteInfo | null,
  lang: 'ja' | 'en',
  supportHours: (h: SiteInfo['support_hours']) => string,
  shopName: string,
): Partial<PlaceholderValues> {
  if (!info) return { shopName, supportHours: supportHours(SUPPORT_HOURS) };
  const o = info.operator;
  return {
    shopName: info.shop_name[lang] || shopName,
    operatorName: lang === 'en' ? o.nameEn : o.name,
    operatorAddress: lang === 'en' ? o.addressEn : o.address,
    representative: lang === 'en' ? o.representativeEn || o.representative : o.representative,
    phone: o.phone,
    email: o.email,
    supportHours: supportHours(info.support_hours),
    // A shop setting (古物商許可番号): absent while unset, so its section (whenSet) is left out.
    ...(info.antique_dealer_licence ? { antiqueDealerLicence: info.antique_dealer_licence } : {}),
  };
}

/** The document without its `whenSet` sections whose placeholders have no value. */
export function withSetSections(doc: LegalDocument, values: Partial<Record<string, string>>): LegalDocument {
  const set = (s: LegalSection) =>
    !s.whenSet ||
    [s.heading, ...(s.paragraphs ?? [])].every((text) => placeholdersIn(text).every((name) => values[name]));
  return { ...doc, sections: doc.sections.filter(set) };
}

/** Every text of a document, for checks (tests) and for filling. */
export function documentTexts(doc: LegalDocument): string[] {
  const fromItem = (i: LegalItem) => (typeof i === 'string' ? [i] : [i.text, ...i.items]);
  const fromSection = (s: LegalSection) => [
    s.heading,
    ...(s.paragraphs ?? []),
    ...(s.items ?? []).flatMap(fromItem),
    ...(s.notes ?? []),
    ...(s.faq ?? []).flatMap((f) => [f.q, ...f.a]),
  ];
  return [doc.title, doc.label, ...(doc.intro ?? []), ...doc.sections.flatMap(fromSection), ...(doc.closing ?? [])];
}

/** In-text links are written `[label](/path)` and may point only inside the shop. */
export const LINK_PATTERN = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

export type TextPart = string | { label: string; to: string };

/** Splits a text into plain runs and in-shop links. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK_PATTERN)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push({ label: m[1]!, to: m[2]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The link targets a text uses. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(LINK_PATTERN)].map((m) => m[2]!);
}
