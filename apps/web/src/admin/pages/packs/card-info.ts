import type { AdminCard, AdminPackDetail } from '@oripa/core/admin';

/**
 * What the lineup shows of a card it holds: picked from the search (AdminCard) or read from the draft's own lineup.
 * The editor keeps one per card id, so a lineup of cards found on page 80 of the master still shows their names.
 */
export type CardInfo = Pick<AdminCard, 'id' | 'name_ja' | 'name_en' | 'image_url' | 'buy_point'> & {
  rarity: number;
  model_number?: string;
};

/** The cards a saved draft already names (its lineup and last-one prize). */
export function detailCards(p: AdminPackDetail | null): Map<string, CardInfo> {
  const out = new Map<string, CardInfo>();
  for (const l of p?.lineup ?? []) out.set(String(l.card_id), { ...l, id: l.card_id });
  if (p?.last_one_card) out.set(String(p.last_one_card.id), p.last_one_card);
  return out;
}

export const cardName = (c: CardInfo, lang: string) => (lang === 'en' ? c.name_en || c.name_ja : c.name_ja);
