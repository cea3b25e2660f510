import type { AddressInput, Lang, ProfileChangeInput } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { updateAddress, updatePassHash, updateProfile } from '../db/queries/members.ts';
import { hashPassword } from './passwords.ts';
import { endAllSessions } from './sessions.ts';

/**
 * A logged-in member's own changes: password, name and phone, shipping address. Each is one write of the
 * member's row; none touches balances.
 */

/** New password; every other session of the member ends (a stolen cookie stops working), this one stays. */
export async function changePassword(ctx: AppContext, memberId: number, pass: string, keepSid: string) {
  await updatePassHash(ctx.db.pool, memberId, await hashPassword(pass));
  await endAllSessions(ctx, memberId, keepSid);
}

/** Name and phone with the registration rules; the middle name exists only in the English form. */
export async function changeProfile(ctx: AppContext, memberId: number, input: ProfileChangeInput, lang: Lang) {
  await updateProfile(ctx.db.pool, memberId, {
    lastName: input.lastName,
    firstName: input.firstName,
    tel: input.tel,
    middleName: input.middleName,
    setMiddleName: lang === 'en',
  });
}

/** The shipping address kept on the member; shipments take a snapshot of it when they are created. */
export async function saveAddress(ctx: AppContext, memberId: number, a: AddressInput) {
  await updateAddress(ctx.db.pool, memberId, a);
}
