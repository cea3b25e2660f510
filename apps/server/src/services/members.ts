import { randomInt } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { RegistrationInput } from '@oripa/core';
import { hashPassword } from './passwords.ts';

// No 0/O or 1/I: referral codes are read aloud and typed from screenshots.
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

export interface NewMember extends Omit<RegistrationInput, 'confirmPass' | 'referralCode'> {
  lang: 'ja' | 'en';
  referredBy: number | null;
  prefId?: number | null;
}

/** Inserts a member with a unique referral code (retried on the rare collision). Returns the new id. */
export async function insertMember(tx: PoolClient, m: NewMember): Promise<number> {
  const passHash = await hashPassword(m.pass);
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newReferralCode();
    await tx.query('SAVEPOINT referral');
    try {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO members (mail, pass_hash, last_name, middle_name, first_name, tel, lang, referral_code, referred_by, pref_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [m.mail, passHash, m.lastName, m.middleName, m.firstName, m.tel, m.lang, code, m.referredBy, m.prefId ?? null],
      );
      await tx.query('RELEASE SAVEPOINT referral');
      return Number(rows[0]!.id);
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT referral');
      const e = err as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'members_referral_code_key') continue;
      throw err;
    }
  }
  throw new Error('could not allocate a referral code');
}
