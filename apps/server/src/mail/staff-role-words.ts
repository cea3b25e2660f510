import type { StaffRole } from '@oripa/core/admin';

/** A staff role's name in staff mails, [ja, en] (the console words it from its own catalogue). */
export const STAFF_ROLE_WORDS: Readonly<Record<StaffRole, readonly [string, string]>> = {
  owner: ['オーナー', 'owner'],
  operator: ['運営', 'operator'],
  shipping: ['発送', 'shipping'],
  support: ['サポート', 'support'],
};
