import { createHash, randomBytes } from 'node:crypto';
import { isMinor } from '@oripa/core';
import { saveSpendingLimits } from '../src/db/queries/spending-limits.ts';
import { withTransaction } from '../src/db/transaction.ts';
import { changeCoins, grantPoints } from '../src/services/ledger.ts';
import { insertMember } from '../src/services/members.ts';
import type { ApiClient } from './api-client.ts';
import type { TestShop } from './test-shop.ts';

export interface BuildMemberOptions {
  paidPoints?: number;
  freePoints?: number;
  coins?: number;
  lang?: 'ja' | 'en';
  smsVerified?: boolean;
  /** Whether the member confirmed their mail address (default true: buying needs it). */
  mailVerified?: boolean;
  rank?: number;
  /** Give the member a shipping address (true) or none (false, the default). */
  address?: boolean;
  pass?: string;
  /** 'YYYY-MM' asked at the first purchase (issue 19 §2): an adult's by default; null for none given yet. */
  birthMonth?: string | null;
}

/** A member in the database, for a service-tier test (service-shop.ts): no session, no HTTP client. */
export interface StoredMember {
  id: number;
  mail: string;
  pass: string;
}

export interface TestMember extends StoredMember {
  /** An ApiClient already logged in as this member (session row + cookie, no login call). */
  client: ApiClient;
}

/** What the factories need of a shop: its context and clock (a TestShop or a ServiceShop). */
export type ShopContext = Pick<TestShop, 'ctx' | 'clock'>;

let seq = 0;

/** insertTestMember(shop, overrides): a member straight in the database, with balances through the real ledger. */
export async function insertTestMember(shop: ShopContext, o: BuildMemberOptions = {}): Promise<StoredMember> {
  const mail = `member${process.pid}.${++seq}.${randomBytes(3).toString('hex')}@example.test`;
  const pass = o.pass ?? 'secret123';
  const now = shop.clock.now();
  const id = await withTransaction(shop.ctx.db, async (tx) => {
    const memberId = await insertMember(tx, {
      mail,
      pass,
      lastName: '試験',
      middleName: '',
      firstName: '太郎',
      tel: '09000000000',
      lang: o.lang ?? 'ja',
      referredBy: null,
      // The test clock's time: the idle rule counts from it (ADR 0037).
      createdAt: now,
    });
    if (o.paidPoints) await grantPoints(tx, { memberId, amount: o.paidPoints, kind: 'paid', reason: 'test', now });
    if (o.freePoints) await grantPoints(tx, { memberId, amount: o.freePoints, kind: 'free', reason: 'test', now });
    if (o.coins) await changeCoins(tx, { memberId, amount: o.coins, reason: 'test', now });
    await tx.query(
      `UPDATE members SET rank = $2, sms_verified_at = CASE WHEN $3 THEN now() END,
         mail_verified_at = CASE WHEN $5 THEN now() END,
         zipcode = CASE WHEN $4 THEN '1000001' END, pref_id = CASE WHEN $4 THEN 13 END,
         shiku = CASE WHEN $4 THEN '千代田区' END, address = CASE WHEN $4 THEN '千代田1-1' END,
         building = CASE WHEN $4 THEN '' END
       WHERE id = $1`,
      [memberId, o.rank ?? 1, o.smsVerified ?? false, o.address ?? false, o.mailVerified ?? true],
    );
    const birthMonth = o.birthMonth === undefined ? '1990-01' : o.birthMonth;
    if (birthMonth) {
      // A minor's guardian consented at the first purchase, as the purchase flow requires.
      const [year, month] = birthMonth.split('-').map(Number) as [number, number];
      const guardianConsentAt = isMinor({ year, month }, now) ? now : null;
      await saveSpendingLimits(tx, memberId, { birthMonth, guardianConsentAt }, now);
    }
    return memberId;
  });
  return { id, mail, pass };
}

/** A session row for the member (as a login makes); answers its cookie value. */
export async function insertTestSession(shop: Pick<ShopContext, 'ctx'>, memberId: number): Promise<string> {
  const sid = `m.${randomBytes(32).toString('base64url')}`;
  await shop.ctx.db.pool.query(
    "INSERT INTO sessions (id_hash, member_id, persistent, expires_at) VALUES ($1, $2, false, now() + interval '1 day')",
    [createHash('sha256').update(sid).digest('base64url'), memberId],
  );
  return sid;
}

/** buildMember(shop, overrides): insertTestMember, and an ApiClient logged in as the member. */
export async function buildMember(shop: TestShop, o: BuildMemberOptions = {}): Promise<TestMember> {
  const { id, mail, pass } = await insertTestMember(shop, o);
  const sid = await insertTestSession(shop, id);
  const client = shop.client(o.lang ?? 'ja');
  client.setCookie('sid', sid);
  return { id, mail, pass, client };
}

/** The ledger invariants of DESIGN.md section 4 for every member; returns the members that break them. */
export async function ledgerViolations(shop: Pick<TestShop, 'ctx'>): Promise<unknown[]> {
  const { rows } = await shop.ctx.db.pool.query(`
    SELECT m.id, m.point_balance, m.coin_balance,
      COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.member_id = m.id AND currency = 'point'), 0) AS point_ledger,
      COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.member_id = m.id AND currency = 'coin'), 0) AS coin_ledger,
      COALESCE((SELECT sum(remaining) FROM point_lots p WHERE p.member_id = m.id AND expired_at IS NULL), 0) AS lots
    FROM members m`);
  const members = rows.filter(
    (r) =>
      Number(r.point_balance) !== Number(r.point_ledger) ||
      Number(r.point_balance) !== Number(r.lots) ||
      Number(r.coin_balance) !== Number(r.coin_ledger),
  );
  // The stock side of the same books: each pack's draw cursor equals the cards drawn, those cards are exactly
  // tickets 1..drawn (in sequence order), the per-rank counters match their ranks, purchases sum to the cursor,
  // and the cursor's total (kept on its row for the CHECK that forbids overselling) is the pack's ticket count.
  const { rows: packs } = await shop.ctx.db.pool.query(`
    SELECT s.pack_id, s.total, s.drawn, s.drawn_s, s.drawn_a, s.drawn_b, s.drawn_c, d.n, d.highest, d.s, d.a, d.b,
      d.c, u.sold, p.total_tickets, (SELECT count(*)::int FROM tickets t WHERE t.pack_id = s.pack_id) AS tickets
    FROM pack_stock s JOIN packs p ON p.id = s.pack_id
    CROSS JOIN LATERAL (SELECT count(*)::int AS n, COALESCE(max(c.ticket_no), 0) AS highest,
        count(*) FILTER (WHERE k.rank = 'S')::int AS s, count(*) FILTER (WHERE k.rank = 'A')::int AS a,
        count(*) FILTER (WHERE k.rank = 'B')::int AS b, count(*) FILTER (WHERE k.rank = 'C')::int AS c
      FROM purchase_cards c JOIN tickets t ON t.pack_id = c.pack_id AND t.ticket_no = c.ticket_no
      JOIN pack_cards k ON k.id = t.pack_card_id
      WHERE c.pack_id = s.pack_id AND c.pack_card_id = t.pack_card_id) d
    CROSS JOIN LATERAL (SELECT COALESCE(sum(count), 0)::int AS sold FROM purchases WHERE pack_id = s.pack_id) u`);
  const stock = packs.filter(
    (r) =>
      r.drawn !== r.n ||
      r.drawn !== r.highest ||
      r.drawn !== r.sold ||
      r.total !== r.total_tickets ||
      r.total !== r.tickets ||
      [r.drawn_s, r.drawn_a, r.drawn_b, r.drawn_c].join() !== [r.s, r.a, r.b, r.c].join(),
  );
  return [...members, ...stock];
}

/** The tickets of a pack the draw cursor has not passed yet, in sequence order. */
export async function undrawnTickets(shop: Pick<TestShop, 'ctx'>, packId: number): Promise<number[]> {
  const { rows } = await shop.ctx.db.pool.query<{ ticket_no: number }>(
    `SELECT t.ticket_no FROM tickets t JOIN pack_stock s ON s.pack_id = t.pack_id
     WHERE t.pack_id = $1 AND t.ticket_no > s.drawn ORDER BY t.ticket_no`,
    [packId],
  );
  return rows.map((r) => r.ticket_no);
}

/** How many tickets of a pack are drawn (its draw cursor). */
export async function drawnCount(shop: Pick<TestShop, 'ctx'>, packId: number): Promise<number> {
  const { rows } = await shop.ctx.db.pool.query<{ drawn: number }>('SELECT drawn FROM pack_stock WHERE pack_id = $1', [
    packId,
  ]);
  return rows[0]!.drawn;
}
