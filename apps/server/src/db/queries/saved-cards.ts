import { many, maybeOne, type Queryable } from '../queryable.ts';

/** A member's saved card: the provider's reusable reference and a masked number, never the card itself. */
export interface SavedCardRow {
  id: number;
  masked: string;
  brand: string;
  expire: string;
}

/** The member's cards kept at one gateway (a card saved at another provider cannot pay here). */
export async function listSavedCards(db: Queryable, memberId: number, gateway: string): Promise<SavedCardRow[]> {
  return many<SavedCardRow>(
    db,
    `SELECT id, masked, brand, expire FROM saved_cards WHERE member_id = $1 AND gateway = $2 AND deleted_at IS NULL
     ORDER BY id`,
    [memberId, gateway],
  );
}

export async function findSavedCardRef(
  db: Queryable,
  memberId: number,
  cardId: number,
  gateway: string,
): Promise<string | undefined> {
  const row = await maybeOne<{ provider_ref: string }>(
    db,
    'SELECT provider_ref FROM saved_cards WHERE id = $1 AND member_id = $2 AND gateway = $3 AND deleted_at IS NULL',
    [cardId, memberId, gateway],
  );
  return row?.provider_ref;
}

export interface NewSavedCard {
  memberId: number;
  gateway: string;
  providerRef: string;
  fingerprint: string;
  masked: string;
  brand: string;
  expire: string;
}

/** Keeps a card and returns its id; null when the member already keeps the same card (its fingerprint). */
export async function insertSavedCard(db: Queryable, c: NewSavedCard): Promise<number | null> {
  const row = await maybeOne<{ id: number }>(
    db,
    `INSERT INTO saved_cards (member_id, gateway, provider_ref, fingerprint, masked, brand, expire)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
    [c.memberId, c.gateway, c.providerRef, c.fingerprint, c.masked, c.brand, c.expire],
  );
  return row ? Number(row.id) : null;
}

export async function findSavedCardByFingerprint(
  db: Queryable,
  memberId: number,
  fingerprint: string,
): Promise<{ id: number; provider_ref: string } | null> {
  return maybeOne<{ id: number; provider_ref: string }>(
    db,
    'SELECT id, provider_ref FROM saved_cards WHERE member_id = $1 AND fingerprint = $2 AND deleted_at IS NULL',
    [memberId, fingerprint],
  );
}

/** Marks the member's card deleted; false when there was no such card left. */
export async function deleteSavedCard(db: Queryable, memberId: number, cardId: number, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE saved_cards SET deleted_at = $3 WHERE id = $1 AND member_id = $2 AND deleted_at IS NULL',
    [cardId, memberId, now],
  );
  return Boolean(rowCount);
}
