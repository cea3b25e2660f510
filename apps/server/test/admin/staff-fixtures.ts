import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@oripa/core/admin';
import { expect } from 'vitest';
import { createStaffAccount } from '../../src/services/admin/staff.ts';
import { totpCode } from '../../src/services/admin/totp.ts';
import type { ApiClient } from '../api-client.ts';
import type { TestShop } from '../test-shop.ts';

export const STAFF_PASSWORD = 'correct horse battery';

/** An API client signed in as staff, with what a test may need to sign in again. */
export type StaffClient = ApiClient & {
  staff: { id: number; mail: string; role: StaffRole };
  totpSecret: string;
  recoveryCodes: string[];
};

/** A new staff account of `role` with a password (no second factor yet). */
export async function createStaff(
  shop: TestShop,
  role: StaffRole,
  mail = `${role}.${randomBytes(4).toString('hex')}@staff.test`,
) {
  const { id } = await createStaffAccount(shop.ctx, { mail, name: `${role} tester`, role, password: STAFF_PASSWORD });
  return { id, mail, role };
}

/** The current TOTP code of a secret at the shop's clock. */
export const codeAt = (shop: TestShop, secret: string) => totpCode(secret, shop.clock.now());

/**
 * A client signed in as a new staff member of `role` through the real steps: password, TOTP setup from the
 * QR code's secret, the first code. The client has a full staff session.
 */
export async function staffClient(shop: TestShop, role: StaffRole, lang: 'ja' | 'en' = 'ja'): Promise<StaffClient> {
  const staff = await createStaff(shop, role);
  const client = shop.client(lang);
  const login = await client.post('/admin/login', { mail: staff.mail, pass: STAFF_PASSWORD });
  expect(login.state, JSON.stringify(login)).toBe(200);
  const setup = await client.post('/admin/totp/setup');
  expect(setup.state, JSON.stringify(setup)).toBe(200);
  const secret = setup.secret as string;
  const enabled = await client.post('/admin/totp/enable', { code: await codeAt(shop, secret) });
  expect(enabled.state, JSON.stringify(enabled)).toBe(200);
  return Object.assign(client, {
    staff,
    totpSecret: secret,
    recoveryCodes: enabled.recovery_codes as string[],
  });
}
