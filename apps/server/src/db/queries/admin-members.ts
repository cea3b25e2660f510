import { phoneSearchDigits } from '@oripa/core/admin';
import { many, maybeOne, oneNumber, type Queryable } from '../queryable.ts';
import { LINE_COUNT } from './shipment-lines.ts';
import { ledgerSubjectColumns, type LedgerSubjectRow } from './ledger-subject.ts';

/** The support console's reads of a member (issue 10); writes go through services/ledger.ts and sessions. */
export interface AdminMemberRecord {
  id: number;
  mail: string;
  last_name: string;
  middle_name: string;
  first_name: string;
  tel: string;
  sms_tel: string | null;
  lang: string;
  rank: number;
  point_balance: number;
  coin_balance: number;
  suspended_at: Date | null;
  mail_verified_at: Date | null;
  sms_verified_at: Date | null;
  zipcode: string | null;
  pref_id: number | null;
  shiku: string | null;
  address: string | null;
  building: string | null;
  created_at: Date;
  last_activity_at: Date;
}

const COLUMNS = `m.id, m.mail, m.last_name, m.middle_name, m.first_name, m.tel, m.sms_tel, m.lang, m.rank,
  m.point_balance, m.coin_balance, m.suspended_at, m.mail_verified_at, m.sms_verified_at, m.zipcode, m.pref_id,
  m.shiku, m.address, m.building, m.created_at, m.last_activity_at`;

/** Sort keys of the member search (core MEMBER_SORT_KEYS) to their columns. */
const MEMBER_SORT: Record<string, string> = {
  id: 'm.id',
  created_at: 'm.created_at',
  point_balance: 'm.point_balance',
  last_activity_at: 'm.last_activity_at',
};

/** `%text%` for LIKE with its wildcards escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members matching `q`: the id exactly, the mail exactly or in part, the name (family and given names, with or
 * without a space), or — when `q` reads as a phone number (core phoneSearchDigits) — part of a phone number. An exact
 * id or mail comes first, then the rest in the chosen order. An empty q lists everyone. The words are matched in
 * member_search through its trigram indexes (migration 0028), not by reading every member.
 */
export async function searchMembers(
  db: Queryable,
  q: string,
  page: { sort: string; dir: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: AdminMemberRecord[]; total: number }> {
  const order = MEMBER_SORT[page.sort] ?? 'm.id';
  const dir = page.dir === 'asc' ? 'ASC' : 'DESC';
  const text = q.replace(/[\r\n]+/g, ' ').trim();
  if (text === '') {
    const rows = await many<AdminMemberRecord>(
      db,
      `SELECT ${COLUMNS} FROM members m ORDER BY ${order} ${dir}, m.id ${dir} LIMIT $1 OFFSET $2`,
      [page.limit, page.offset],
    );
    return { rows, total: await oneNumber(db, 'SELECT count(*) FROM members') };
  }
  const phone = phoneSearchDigits(text);
  const id = /^[0-9]{1,15}$/.test(text) ? text : null;
  const values: unknown[] = [id, contains(text.toLowerCase()), contains(text)];
  const words = ['s.mail LIKE $2', 's.names ILIKE $3'];
  const spaceless = text.replace(/\s+/g, '');
  if (spaceless !== text) words.push(`s.names ILIKE $${values.push(contains(spaceless))}`);
  // Phone numbers only for a phone-like search: the digits of a mail address must not match them.
  if (phone) words.push(`s.phones LIKE $${values.push(`%${phone}%`)}`);
  // Only the conditions that apply, each one a trigram index can answer; candidates joined by id.
  const where = `WHERE m.id IN (SELECT $1::bigint WHERE $1::bigint IS NOT NULL
      UNION SELECT s.member_id FROM member_search s WHERE ${words.join(' OR ')})`;
  const n = values.length;
  const exact = `CASE WHEN m.id = $1::bigint THEN 0 WHEN lower(m.mail) = $${n + 1} THEN 1 ELSE 2 END`;
  const rows = await many<AdminMemberRecord>(
    db,
    `SELECT ${COLUMNS} FROM members m ${where} ORDER BY ${exact}, ${order} ${dir}, m.id ${dir}
     LIMIT $${n + 2} OFFSET $${n + 3}`,
    [...values, text.toLowerCase(), page.limit, page.offset],
  );
  const total = await oneNumber(db, `SELECT count(*) FROM members m ${where}`, values);
  return { rows, total };
}

export async function findAdminMember(db: Queryable, id: number): Promise<AdminMemberRecord | null> {
  return maybeOne<AdminMemberRecord>(db, `SELECT ${COLUMNS} FROM members m WHERE m.id = $1`, [id]);
}

/** The member row, locked for an adjustment or a suspension (balances read here are the ones changed). */
export async function lockAdminMember(db: Queryable, id: number): Promise<AdminMemberRecord | null> {
  return maybeOne<AdminMemberRecord>(db, `SELECT ${COLUMNS} FROM members m WHERE m.id = $1 FOR UPDATE`, [id]);
}

export async function setMemberSuspended(db: Queryable, id: number, at: Date | null): Promise<void> {
  await db.query('UPDATE members SET suspended_at = $2 WHERE id = $1', [id, at]);
}

export interface MemberLedgerRecord extends LedgerSubjectRow {
  id: number;
  currency: 'point' | 'coin';
  amount: number;
  balance_after: number;
  reason: string;
  ref_type: string | null;
  ref_id: number | null;
  memo: string;
  created_at: Date;
  /** The payment method of a purchase row (its label names it). */
  pay_id: number | null;
}

/** One page of a member's ledger in one currency, newest first, with its labels' subjects in `lang`. */
export async function memberLedger(
  db: Queryable,
  memberId: number,
  currency: 'point' | 'coin',
  limit: number,
  offset: number,
  lang: 'ja' | 'en',
): Promise<{ rows: MemberLedgerRecord[]; total: number }> {
  const rows = await many<MemberLedgerRecord>(
    db,
    `SELECT l.id, l.currency, l.amount, l.balance_after, l.reason, l.ref_type, l.ref_id, l.memo, l.created_at,
            (SELECT p.pay_id FROM payments p WHERE l.ref_type = 'payment' AND p.id = l.ref_id) AS pay_id,
            ${ledgerSubjectColumns('$5')}
     FROM ledger_entries l
     WHERE l.member_id = $1 AND l.currency = $2 ORDER BY l.id DESC LIMIT $3 OFFSET $4`,
    [memberId, currency, limit, offset, lang],
  );
  const count = await maybeOne<{ n: string }>(
    db,
    'SELECT count(*) AS n FROM ledger_entries WHERE member_id = $1 AND currency = $2',
    [memberId, currency],
  );
  return { rows, total: Number(count?.n ?? 0) };
}

export interface MemberPurchaseRecord {
  id: number;
  pack_id: number;
  pack_name_ja: string;
  pack_name_en: string;
  count: number;
  price: number;
  currency: string;
  created_at: Date;
}

export async function memberPurchases(db: Queryable, memberId: number, limit: number) {
  return many<MemberPurchaseRecord>(
    db,
    `SELECT b.id, b.pack_id, p.name_ja AS pack_name_ja, p.name_en AS pack_name_en, b.count, b.price, b.currency,
            b.created_at
     FROM purchases b JOIN packs p ON p.id = b.pack_id WHERE b.member_id = $1 ORDER BY b.id DESC LIMIT $2`,
    [memberId, limit],
  );
}

export interface MemberPaymentRecord {
  id: number;
  public_id: string;
  pay_id: number;
  status: string;
  amount: number;
  point: number;
  created_at: Date;
  credited_at: Date | null;
}

export async function memberPayments(db: Queryable, memberId: number, limit: number) {
  return many<MemberPaymentRecord>(
    db,
    `SELECT id, public_id, pay_id, status, amount, point, created_at, credited_at FROM payments
     WHERE member_id = $1 ORDER BY id DESC LIMIT $2`,
    [memberId, limit],
  );
}

export interface MemberShipmentRecord {
  id: number;
  status: string;
  delivery_code: string;
  created_at: Date;
  shipped_at: Date | null;
  cards: string;
}

export async function memberShipments(db: Queryable, memberId: number, limit: number) {
  return many<MemberShipmentRecord>(
    db,
    `SELECT s.id, s.status, s.delivery_code, s.created_at, s.shipped_at,
            ${LINE_COUNT}::text AS cards
     FROM shipments s WHERE s.member_id = $1 ORDER BY s.id DESC LIMIT $2`,
    [memberId, limit],
  );
}

export interface MemberSessionRecord {
  created_at: Date;
  expires_at: Date;
  persistent: boolean;
}

export async function memberSessions(db: Queryable, memberId: number, now: Date) {
  return many<MemberSessionRecord>(
    db,
    `SELECT created_at, expires_at, persistent FROM sessions WHERE member_id = $1 AND expires_at > $2
     ORDER BY created_at DESC LIMIT 50`,
    [memberId, now],
  );
}
