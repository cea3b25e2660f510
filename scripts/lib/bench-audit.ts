/**
 * The books after a rush, read straight from the database: stock cursor, cards and tickets agree, nothing was
 * oversold or drawn twice, every balance equals its ledger and lots, and the points debited pay for the draws.
 * npm run bench and npm run chaos print these; chaos adds its own checks.
 */
import pg from 'pg';

export type Check = [name: string, ok: boolean, detail: string];

export interface Sold {
  purchases: number;
  cards: number;
}

export async function stockAndLedgerChecks(
  url: string,
  packId: number,
  tickets: number,
  price: number,
): Promise<{ checks: Check[]; sold: Sold }> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const one = async (sql: string, params: unknown[] = []) =>
    Number(Object.values((await pool.query(sql, params)).rows[0])[0]);
  try {
    const sold = await one('SELECT COALESCE(sum(count), 0) FROM purchases WHERE pack_id = $1', [packId]);
    const purchases = await one('SELECT count(*) FROM purchases WHERE pack_id = $1', [packId]);
    const taken = await one('SELECT drawn FROM pack_stock WHERE pack_id = $1', [packId]);
    const cards = await one('SELECT count(*) FROM purchase_cards WHERE pack_id = $1', [packId]);
    const distinct = await one('SELECT count(DISTINCT ticket_no) FROM purchase_cards WHERE pack_id = $1', [packId]);
    const highest = await one('SELECT COALESCE(max(ticket_no), 0) FROM purchase_cards WHERE pack_id = $1', [packId]);
    // Only this pack's purchases, so a shared database (the bench's --target) with other sales still adds up.
    const debited = await one(
      `SELECT COALESCE(-sum(l.amount), 0) FROM ledger_entries l JOIN purchases p ON l.ref_type = 'purchase'
         AND l.ref_id = p.id WHERE l.reason = 'pack_purchase' AND p.pack_id = $1`,
      [packId],
    );
    const badBalances = await one(`
      SELECT count(*) FROM members m WHERE m.point_balance <>
        COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.member_id = m.id AND currency = 'point'), 0)
        OR m.point_balance <> COALESCE((SELECT sum(remaining) FROM point_lots p WHERE p.member_id = m.id AND expired_at IS NULL), 0)`);
    const checks: Check[] = [
      ['sold == cursor == cards recorded', sold === taken && taken === cards, `${sold} / ${taken} / ${cards}`],
      ['tickets taken <= total', taken <= tickets, `${taken} <= ${tickets}`],
      ['no ticket drawn twice', distinct === cards, `${distinct} distinct of ${cards}`],
      [
        'the tickets drawn are exactly 1..drawn (in sequence order)',
        highest === taken,
        `highest ${highest}, drawn ${taken}`,
      ],
      ['every balance equals its ledger and lots', badBalances === 0, `${badBalances} members off`],
      ['points debited == draws x price', debited === sold * price, `${debited} == ${sold} x ${price}`],
    ];
    return { checks, sold: { purchases, cards } };
  } finally {
    await pool.end();
  }
}

export function printChecks(checks: Check[], log: (line: string) => void): boolean {
  for (const [name, ok, detail] of checks) log(`  ${ok ? 'OK  ' : 'FAIL'} ${name} (${detail})`);
  return checks.every(([, ok]) => ok);
}
