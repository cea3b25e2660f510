import { randomInt } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { RegistrationInput } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { findMemberById, insertMemberRow, type MemberRow } from '../db/queries/members.ts';
import { withSavepoint } from '../db/savepoint.ts';
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
  createdAt?: Date;
}

/** Inserts a member with a unique referral code (retried on the rare collision). Returns the new id. */
export async function insertMember(tx: PoolClient, m: NewMember): Promise<number> {
  const passHash = await hashPassword(m.pass);
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = { ...m, passHash, referralCode: newReferralCode(), prefId: m.prefId ?? null };
    try {
      return await withSavepoint(tx, 'referral', () => insertMemberRow(tx, row));
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (e.code === '23505' && e.constraint === 'members_referral_code_key') continue;
      throw err;
    }
  }
  throw new Error('could not allocate a referral code');
}

/** A member's row (null for none): what the account pages, the current user and My Page's first paint show. */
export function loadMember(ctx: AppContext, memberId: number): Promise<MemberRow | null> {
  return findMemberById(ctx.db.pool, memberId);
}
