import { messages } from '@oripa/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BATCH_SQL, batchValues, type BatchRow } from '../../src/db/queries/purchases.ts';
import { buildMember } from '../factories.ts';
import { mailedVerifyToken } from '../mailed-links.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { buildPack, drawVia, purchaseToken } from './pack-fixtures.ts';

/** Issue 12 A9: an account buys only once its mail address is confirmed (the check, the buy and the database). */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const q = (sql: string, params: unknown[]) => shop.ctx.db.pool.query(sql, params);

it('an unverified member is refused by the check and by buy_pack_batch, and buys once verified', async () => {
  const packId = await buildPack(shop);
  const m = await buildMember(shop, { paidPoints: 5_000, lang: 'en', mailVerified: false });

  const check = await m.client.post('/user/pack/check', { pack_id: packId, count: 1 });
  expect(check).toMatchObject({ state: 403, reason: 'mail_unverified' });
  // The one refusal of every way to gain value (issue 19 §2, test/programmes/mail-guard.test.ts).
  expect(check.errors?.count).toEqual([messages.en.mailUnverified]);

  // The database's rule stands on its own, whatever the check said.
  const now = shop.clock.now();
  const intent = { memberId: m.id, count: 1, unit: 100, token: purchaseToken(), min: 1 };
  const { rows } = await q(BATCH_SQL, batchValues(packId, [intent], now));
  expect((rows as BatchRow[]).map((r) => r.reason)).toEqual(['rules']);

  expect((await m.client.post('/user/mail/verify/send')).state).toBe(200);
  const verified = await shop.client('en').post('/user/mail/verify', { token: await mailedVerifyToken(shop, m.mail) });
  expect(verified.state).toBe(200);
  expect((await drawVia(m.client, packId, 1)).buy?.state).toBe(200);
});

it('a token issued before the address stopped being verified does not buy', async () => {
  const packId = await buildPack(shop);
  const m = await buildMember(shop, { paidPoints: 5_000 });
  const t = await m.client.post('/user/pack/check', { pack_id: packId, count: 1 });
  expect(t.state).toBe(200);
  await q('UPDATE members SET mail_verified_at = NULL WHERE id = $1', [m.id]);
  expect(await m.client.post('/user/pack/buy', { token: t.token })).toMatchObject({
    state: 403,
    reason: 'mail_unverified',
  });
});
