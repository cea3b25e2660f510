import type { AddressInput, Lang, ProfileChangeInput } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { endAllSessions } from '../http/session.ts';
import { hashPassword } from './passwords.ts';

/**
 * A logged-in member's own changes: password, name and phone, shipping address. Each is one UPDATE of the
 * member's row; none touches balances.
 */

/** New password; every other session of the member ends (a stolen cookie stops working), this one stays. */
export async function changePassword(ctx: AppContext, memberId: number, pass: string, keepSid: string) {
  const passHash = await hashPassword(pass);
  await ctx.db.pool.query('UPDATE members SET pass_hash = $2, updated_at = now() WHERE id = $1', [memberId, passHash]);
  await endAllSessions(ctx, memberId, keepSid);
}

/** Name and phone with the registration rules; the middle name exists only in the English form. */
export async function changeProfile(ctx: AppContext, memberId: number, input: ProfileChangeInput, lang: Lang) {
  await ctx.db.pool.query(
    `UPDATE members SET last_name = $2, first_name = $3, tel = $4,
       middle_name = CASE WHEN $5 THEN $6 ELSE middle_name END, updated_at = now()
     WHERE id = $1`,
    [memberId, input.lastName, input.firstName, input.tel, lang === 'en', input.middleName],
  );
}

/** The shipping address kept on the member; shipments take a snapshot of it when they are created. */
export async function saveAddress(ctx: AppContext, memberId: number, a: AddressInput) {
  await ctx.db.pool.query(
    `UPDATE members SET zipcode = $2, pref_id = $3, shiku = $4, address = $5, building = $6, updated_at = now()
     WHERE id = $1`,
    [memberId, a.zipcode, a.pref_id, a.shiku, a.address, a.building],
  );
}
