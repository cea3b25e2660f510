import type { AddressInput } from '@oripa/core';
import { maybeOne, type Queryable, insertReturningId } from '../queryable.ts';

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
  /** Set when the member opened the verification mail's link; buying waits for it. */
  mail_verified_at: Date | null;
  zipcode: string | null;
  pref_id: number | null;
  shiku: string | null;
  address: string | null;
  building: string | null;
  /** Set while support has suspended the member (issue 10): no login, no purchase. */
  suspended_at: Date | null;
  /** Set when the member withdrew (issue 11): the account is closed, no login. */
  withdrawn_at: Date | null;
}

const COLUMNS = `id, mail, pass_hash, last_name, middle_name, first_name, tel, lang, referral_code, rank, total_buy,
  point_balance, coin_balance, sms_verified_at, mail_verified_at, zipcode, pref_id, shiku, address, building,
  suspended_at, withdrawn_at`;

export async function findMemberById(db: Queryable, id: number): Promise<MemberRow | null> {
  return maybeOne<MemberRow>(db, `SELECT ${COLUMNS} FROM members WHERE id = $1`, [id]);
}

/** Mail addresses are unique case-insensitively (members_mail_key is on lower(mail)). */
export async function findMemberByMail(db: Queryable, mail: string): Promise<MemberRow | null> {
  return maybeOne<MemberRow>(db, `SELECT ${COLUMNS} FROM members WHERE lower(mail) = lower($1)`, [mail]);
}

export async function findMemberIdByReferralCode(db: Queryable, code: string): Promise<number | null> {
  const row = await maybeOne<{ id: number }>(db, 'SELECT id FROM members WHERE referral_code = $1', [code]);
  return row ? row.id : null;
}

/** Whether any member exists: the demo seed runs only on a database without one. */
export async function hasAnyMember(db: Queryable): Promise<boolean> {
  return (await maybeOne(db, 'SELECT 1 FROM members LIMIT 1')) !== null;
}

/** The member columns registration fills; referral_code is drawn by the caller (unique, retried on collision). */
export interface NewMemberRow {
  mail: string;
  passHash: string;
  lastName: string;
  middleName: string;
  firstName: string;
  tel: string;
  lang: 'ja' | 'en';
  referralCode: string;
  referredBy: number | null;
  prefId: number | null;
  /** The shop clock's time of the registration (ADR 0034); the database's time when not given. */
  createdAt?: Date;
}

/** Inserts a member and returns its id; a taken mail or referral code fails on its unique index. */
export async function insertMemberRow(db: Queryable, m: NewMemberRow): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO members (mail, pass_hash, last_name, middle_name, first_name, tel, lang, referral_code, referred_by, pref_id,
       created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE($11, now())) RETURNING id`,
    [
      m.mail,
      m.passHash,
      m.lastName,
      m.middleName,
      m.firstName,
      m.tel,
      m.lang,
      m.referralCode,
      m.referredBy,
      m.prefId,
      m.createdAt ?? null,
    ],
  );
}

export async function updatePassHash(db: Queryable, memberId: number, passHash: string): Promise<void> {
  await db.query('UPDATE members SET pass_hash = $2, updated_at = now() WHERE id = $1', [memberId, passHash]);
}

/** Name and phone; the middle name is written only when `setMiddleName` (the English form has one). */
export async function updateProfile(
  db: Queryable,
  memberId: number,
  p: { lastName: string; firstName: string; tel: string; middleName: string; setMiddleName: boolean },
): Promise<void> {
  await db.query(
    `UPDATE members SET last_name = $2, first_name = $3, tel = $4,
       middle_name = CASE WHEN $5 THEN $6 ELSE middle_name END, updated_at = now()
     WHERE id = $1`,
    [memberId, p.lastName, p.firstName, p.tel, p.setMiddleName, p.middleName],
  );
}

export async function updateAddress(db: Queryable, memberId: number, a: AddressInput): Promise<void> {
  await db.query(
    `UPDATE members SET zipcode = $2, pref_id = $3, shiku = $4, address = $5, building = $6, updated_at = now()
     WHERE id = $1`,
    [memberId, a.zipcode, a.pref_id, a.shiku, a.address, a.building],
  );
}

/** Mails go out in the language the member last used; an unchanged language writes nothing. */
export async function updateLang(db: Queryable, memberId: number, lang: 'ja' | 'en'): Promise<void> {
  await db.query('UPDATE members SET lang = $2 WHERE id = $1 AND lang <> $2', [memberId, lang]);
}

/**
 * Marks the member as verified by SMS without naming a phone (the sandbox's shortcut past the SMS round trip; a
 * real verification records its E.164 number, which one account only may hold: db/queries/sms.ts).
 */
export async function markSmsVerified(db: Queryable, memberId: number, at: Date): Promise<void> {
  await db.query('UPDATE members SET sms_verified_at = $2 WHERE id = $1', [memberId, at]);
}
