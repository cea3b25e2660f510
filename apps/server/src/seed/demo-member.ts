import type { AppContext } from '../context.ts';
import { markMailVerified } from '../db/queries/mail-verifications.ts';
import { updateAddress } from '../db/queries/members.ts';
import { saveSpendingLimits } from '../db/queries/spending-limits.ts';
import { withTransaction } from '../db/transaction.ts';
import { grantPoints } from '../services/ledger.ts';
import { insertMember } from '../services/members.ts';
import type { SeedSummary } from './seed-summary.ts';

export const DEMO_MAIL = 'demo@kirakira-oripa.example';
export const DEMO_PASS = 'demo1234';
/** The one fictional address of ready-made members: the demo member's and the sandbox's test members'. */
export const DEMO_ADDRESS = {
  zipcode: '1000001',
  pref_id: 13,
  shiku: '千代田区',
  address: '千代田9-9',
  building: 'キラキラハイツ101',
};

/** The demo member printed at start and in the README: a paid lot and a free (campaign) lot to spend. */
export async function seedDemoMember(ctx: AppContext): Promise<SeedSummary> {
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (tx) => {
    const memberId = await insertMember(tx, {
      mail: DEMO_MAIL,
      pass: DEMO_PASS,
      lastName: '山田',
      middleName: '',
      firstName: '花子',
      tel: '09012345678',
      lang: 'ja',
      referredBy: null,
    });
    // The demo member can buy at once: no verification mail to open.
    await markMailVerified(tx, memberId, DEMO_MAIL, now);
    await updateAddress(tx, memberId, DEMO_ADDRESS);
    // An adult who has given the birth month asked at the first purchase (issue 19 §2), so the demo buys at once.
    await saveSpendingLimits(tx, memberId, { birthMonth: '1995-04' }, now);
    await grantPoints(tx, { memberId, amount: 50_000, kind: 'paid', reason: 'seed', memo: 'demo', now });
    await grantPoints(tx, { memberId, amount: 3_000, kind: 'free', reason: 'campaign', memo: 'welcome', now });
  });
  return { memberMail: DEMO_MAIL };
}
