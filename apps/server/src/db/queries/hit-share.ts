import { maybeOne, type Queryable } from '../queryable.ts';
import type { CardRow } from './packs.ts';

/** A drawn card as a share card shows it: who drew it (to check the asker), its pack and its lineup card. */
export interface SharedHitRow extends Pick<
  CardRow,
  'rank' | 'name' | 'name_en' | 'image_url' | 'rarity' | 'buy_point'
> {
  history_id: number;
  member_id: number;
  pack_id: number;
}

/** One drawn card (purchase_cards.id, the history id of the draw result) with its lineup card; null if none. */
export function findDrawnCard(db: Queryable, historyId: number): Promise<SharedHitRow | null> {
  return maybeOne<SharedHitRow>(
    db,
    `SELECT d.id AS history_id, d.member_id, d.pack_id, c.rank, c.name, c.name_en, c.image_url, c.rarity, c.buy_point
     FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id WHERE d.id = $1`,
    [historyId],
  );
}
