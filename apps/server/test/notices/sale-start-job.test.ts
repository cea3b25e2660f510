import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPushJob } from '../../src/jobs/deliver-push.ts';
import { notifySaleStartJob } from '../../src/jobs/notify-sale-start.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { requestSaleStartNotice, subscribePush } from '../../src/services/notices/sale-start-notices.ts';
import { insertTestMember } from '../factories.ts';
import { claimDueSaleStartRequests } from '../../src/db/queries/sale-start-notices.ts';
import { buildPack, drawDirect } from '../packs/pack-fixtures.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';
import { pushTestEnv, startFakePushService, type FakePushService } from './fake-push-service.ts';

// Issue 22 §4 (ADR 0051): a member who asked is told once when the sale starts on the shop clock: a push per device
// through the outbox, or a mail; a push service's 410 removes the subscription and falls back to the mail.

const HOUR = 3600_000;
let shop: ServiceShop;
let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
  shop = await startServiceShop(pushTestEnv());
});
afterAll(async () => {
  await shop?.close();
  await push?.close();
});

const notify = () => runJobUntilIdle(shop.ctx, notifySaleStartJob);
const deliver = () => runJobUntilIdle(shop.ctx, deliverPushJob);

async function outbox(channel: 'mail' | 'push') {
  const { rows } = await shop.ctx.db.pool.query<{ recipient: string; status: string; subject: string; body: string }>(
    "SELECT recipient, status, subject, body FROM outbox_messages WHERE channel = $1 AND kind = 'sale_started' ORDER BY id",
    [channel],
  );
  return rows;
}

describe('sale-start notices', () => {
  it('go out once per member per pack, only when the shop clock reaches the start; a gone device gets a mail', async () => {
    const startAt = new Date(shop.clock.now().getTime() + 2 * HOUR);
    const packId = await buildPack(shop, { startDate: startAt, nameJa: '星の竜パック', nameEn: 'Star Dragon pack' });
    const laterPack = await buildPack(shop, { startDate: new Date(startAt.getTime() + 24 * HOUR) });
    const byMail = await insertTestMember(shop, { lang: 'en' });
    const byPush = await insertTestMember(shop, { lang: 'ja' });
    const gone = await insertTestMember(shop, { lang: 'en' });
    await subscribePush(shop.ctx, byPush.id, push.subscription('ok'));
    await subscribePush(shop.ctx, gone.id, push.subscription('gone'));
    for (const m of [byMail, byPush, gone]) await requestSaleStartNotice(shop.ctx, m.id, packId);
    await requestSaleStartNotice(shop.ctx, byMail.id, packId); // a second tap: still one request
    await requestSaleStartNotice(shop.ctx, byMail.id, laterPack);

    // A minute before the start: nothing.
    shop.clock.advance(startAt.getTime() - shop.clock.now().getTime() - 60_000);
    expect(await notify()).toBe(0);
    expect(await outbox('mail')).toEqual([]);

    // At the start, two runners at once (as on two instances): each request answered once.
    shop.clock.advance(60_000);
    const [a, b] = await Promise.all([notify(), notify()]);
    expect(a + b).toBe(3);
    expect(await notify()).toBe(0);
    const mails = await outbox('mail');
    expect(mails.map((m) => m.recipient)).toEqual([byMail.mail]);
    expect(mails[0]!.subject).toContain('On sale now: Star Dragon pack');
    expect(await outbox('push')).toHaveLength(2);

    // The pushes reach the push service encrypted (aes128gcm, VAPID); the gone device's 410 removes it.
    expect(await deliver()).toBe(2);
    expect(push.received.map((r) => r.path).sort()).toEqual([
      expect.stringMatching(/^\/gone\//),
      expect.stringMatching(/^\/ok\//),
    ]);
    for (const r of push.received) {
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(r.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
      expect(r.headers.urgency).toBe('high');
      expect(r.bytes).toBeGreaterThan(100);
    }
    expect((await outbox('push')).map((p) => p.status).sort()).toEqual(['failed', 'sent']);
    const { rows: subs } = await shop.ctx.db.pool.query(
      'SELECT member_id FROM push_subscriptions WHERE member_id = ANY($1)',
      [[byPush.id, gone.id]],
    );
    expect(subs.map((s) => Number(s.member_id))).toEqual([byPush.id]);
    expect((await outbox('mail')).map((m) => m.recipient)).toEqual([byMail.mail, gone.mail]);

    // Nothing is sent again, however often the jobs run; the later pack's request still waits for its own start.
    expect(await notify()).toBe(0);
    expect(await deliver()).toBe(0);
    expect(push.received).toHaveLength(2);
    const { rows: pending } = await shop.ctx.db.pool.query(
      'SELECT pack_id FROM sale_start_requests WHERE notified_at IS NULL AND member_id = $1',
      [byMail.id],
    );
    expect(pending.map((p) => Number(p.pack_id))).toEqual([laterPack]);
  });

  it('the push carries the pack page to open, in the member’s language', async () => {
    const startAt = new Date(shop.clock.now().getTime() + HOUR);
    const packId = await buildPack(shop, { startDate: startAt, nameJa: '月の騎士パック' });
    const m = await insertTestMember(shop, { lang: 'ja' });
    await subscribePush(shop.ctx, m.id, push.subscription('ok'));
    await requestSaleStartNotice(shop.ctx, m.id, packId);
    shop.clock.advance(HOUR);
    expect(await notify()).toBe(1);
    const pushes = await outbox('push');
    const payload = JSON.parse(pushes.at(-1)!.body);
    expect(payload).toMatchObject({ title: '販売開始', url: `/pack-detail?packId=${packId}`, packId, memberId: m.id });
    expect(payload.body).toContain('月の騎士パック');
  });

  it('and a purchase never wait on each other: the job locks only its requests, reads packs and members unlocked', async () => {
    const startAt = new Date(shop.clock.now().getTime() + HOUR);
    const packId = await buildPack(shop, { startDate: startAt });
    const buyer = await insertTestMember(shop, { paidPoints: 10_000 });
    await requestSaleStartNotice(shop.ctx, buyer.id, packId);
    shop.clock.advance(HOUR);

    // A purchase's row locks held open (its member, the pack, the pack's stock): the job still runs through.
    const held = await shop.ctx.db.pool.connect();
    try {
      await held.query('BEGIN');
      await held.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [buyer.id]);
      await held.query('SELECT 1 FROM packs WHERE id = $1 FOR UPDATE', [packId]);
      await held.query('SELECT 1 FROM pack_stock WHERE pack_id = $1 FOR UPDATE', [packId]);
      expect(await notify()).toBe(1);
    } finally {
      await held.query('ROLLBACK');
      held.release();
    }

    // The job's batch held open (as while it renders mails): the member buys from the pack meanwhile.
    const other = await insertTestMember(shop, { paidPoints: 10_000 });
    const laterPack = await buildPack(shop, { startDate: new Date(shop.clock.now().getTime() + HOUR) });
    await requestSaleStartNotice(shop.ctx, other.id, laterPack);
    shop.clock.advance(HOUR);
    const batch = await shop.ctx.db.pool.connect();
    try {
      await batch.query('BEGIN');
      expect(await claimDueSaleStartRequests(batch, shop.clock.now(), 500)).toHaveLength(1);
      const bought = await drawDirect(shop.ctx, other.id, laterPack, 1);
      expect(bought.purchaseId).toBeGreaterThan(0);
    } finally {
      await batch.query('ROLLBACK');
      batch.release();
    }
  });
});

describe('a shop without VAPID keys (production without them)', () => {
  it('refuses a device subscription with its reason and sends every notice by mail', async () => {
    const plain = await startServiceShop();
    try {
      const m = await insertTestMember(plain, { lang: 'en' });
      await expect(subscribePush(plain.ctx, m.id, push.subscription('ok'))).rejects.toMatchObject({
        reason: 'no_push',
        fields: { general: ['pushUnavailable'] },
      });
      const packId = await buildPack(plain, { startDate: new Date(plain.clock.now().getTime() + HOUR) });
      await requestSaleStartNotice(plain.ctx, m.id, packId);
      plain.clock.advance(HOUR);
      expect(await runJobUntilIdle(plain.ctx, notifySaleStartJob)).toBe(1);
      expect(await runJobUntilIdle(plain.ctx, deliverPushJob)).toBe(0);
      const { rows } = await plain.ctx.db.pool.query(
        "SELECT channel, recipient FROM outbox_messages WHERE kind = 'sale_started'",
      );
      expect(rows).toEqual([{ channel: 'mail', recipient: m.mail }]);
    } finally {
      await plain.close();
    }
  });
});
