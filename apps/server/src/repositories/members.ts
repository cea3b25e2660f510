import type { Pool, PoolClient } from 'pg';

/** The member columns the account pages and the current-user call need (bigints already parsed as numbers). */
export interface MemberRow {
  id: number;
  mail: string;
  pass_hash: string;
  last_name: string;
  middle_name: string;
  first_name: string;
  tel: string;
  lang: 'ja' | 'en';
  referral_code: string;
  rank: number;
  total_buy: number;
  point_balance: number;
  coin_balance: number;
  sms_verified_at: Date | null;
  zipcode: string | null;
  pref_id: number | null;
  shiku: string | null;
  address: string | null;
  building: string | null;
}

const COLUMNS = `id, mail, pass_hash, last_name, middle_name, first_name, tel, lang, referral_code, rank, total_buy,
  point_balance, coin_balance, sms_verified_at, zipcode, pref_id, shiku, address, building`;

export async function findMemberById(db: Pool | PoolClient, id: number): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>(`SELECT ${COLUMNS} FROM members WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Mail addresses are unique case-insensitively (members_mail_key is on lower(mail)). */
export async function findMemberByMail(db: Pool | PoolClient, mail: string): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>(`SELECT ${COLUMNS} FROM members WHERE lower(mail) = lower($1)`, [mail]);
  return rows[0] ?? null;
}

export async function findMemberIdByReferralCode(db: Pool | PoolClient, code: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM members WHERE referral_code = $1', [code]);
  return rows[0] ? Number(rows[0].id) : null;
}
