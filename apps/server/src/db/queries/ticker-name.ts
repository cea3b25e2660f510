import { maybeOne, type Queryable } from '../queryable.ts';

export interface TickerNameRow {
  /** 'anonymous' or 'initial' (the column's CHECK holds it to core TICKER_NAMES). */
  ticker_name: string;
  last_name: string;
}

/** A member's ticker setting and the family name its initial would come from; null for no such member. */
export function readTickerName(db: Queryable, memberId: number): Promise<TickerNameRow | null> {
  return maybeOne<TickerNameRow>(db, 'SELECT ticker_name, last_name FROM members WHERE id = $1', [memberId]);
}

export async function saveTickerName(db: Queryable, memberId: number, tickerName: string): Promise<void> {
  await db.query('UPDATE members SET ticker_name = $2, updated_at = now() WHERE id = $1', [memberId, tickerName]);
}
