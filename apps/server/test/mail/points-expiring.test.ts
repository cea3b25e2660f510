import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyExpiringPointsJob } from '../../src/jobs/notify-expiring-points.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { insertTestMember, type StoredMember } from '../factories.ts';
import { expectMail, outboxOf, startServiceMailShop, type ServiceMailShop } from './service-mail-shop.ts';

// Issue 12 C: members whose points expire within 30 days get one mail naming them, never a second one for the
// same lots, however often (or on however many instances) the job runs. A job's rule: the service tier, no HTTP
// (ADR 0038), with the mails caught by a real SMTP server.

const DAY = 24 * 3600_000;
let t: ServiceMailShop;
beforeAll(async () => {
  t = await startServiceMailShop();
});
afterAll(() => t.close());

const notify = () => runJobUntilIdle(t.shop.ctx, notifyExpiringPointsJob);

async function lotExpiries(m: StoredMember): Promise<number[]> {
  const { rows } = await t.shop.ctx.db.pool.query(
    'SELECT expires_at FROM point_lots WHERE member_id = $1 ORDER BY id',
    [m.id],
  );
  return rows.map((r) => (r.expires_at as Date).getTime());
}

describe('points expiring within 30 days', () => {
  it('one mail per member in their language; never twice for the same lots; later lots get their own mail', async () => {
    const ja = await insertTestMember(t.shop, { paidPoints: 1200, lang: 'ja' });
    const en = await insertTestMember(t.shop, { freePoints: 300, lang: 'en' });
    const [expiry] = await lotExpiries(ja);
    // 20 days before the first lots expire; a member whose points were granted now is outside the window.
    t.shop.clock.advance(expiry! - 20 * DAY - t.shop.clock.now().getTime());
    const fresh = await insertTestMember(t.shop, { paidPoints: 500 });

    // Two runners at once (as on two instances): still one mail per member.
    const [a, b] = await Promise.all([notify(), notify()]);
    expect(a + b).toBe(2);
    expect(await notify()).toBe(0);
    t.shop.clock.advance(DAY);
    expect(await notify()).toBe(0);
    expect(await outboxOf(t.shop, fresh.mail)).toEqual([]);
    await t.deliver();
    expectMail(t.smtp.to(ja.mail), '【キラキラオリパ】ポイント有効期限のお知らせ', [
      '試験 太郎 様',
      'お持ちのポイントのうち1,200ptが30日以内に有効期限を迎えます。',
      '失効：1,200pt',
    ]);
    expectMail(t.smtp.to(en.mail), '[KIRAKIRA ORIPA] Some of your points expire soon', [
      '300pt of your points expire within 30 days.',
      'Expires ',
    ]);

    // A lot granted later enters the window later: its own mail, naming only it.
    await t.shop.ctx.db.pool.query(
      `INSERT INTO point_lots (member_id, kind, granted, remaining, granted_at, expires_at, source)
       VALUES ($1, 'free', 50, 50, $2, $3, 'test')`,
      [ja.id, t.shop.clock.now(), new Date(t.shop.clock.now().getTime() + 40 * DAY)],
    );
    t.shop.clock.advance(12 * DAY);
    expect(await notify()).toBe(1);
    await t.deliver();
    const mails = t.smtp.to(ja.mail);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('お持ちのポイントのうち50ptが30日以内に有効期限を迎えます。');
    expect(mails[1]!.text).not.toContain('1,200pt');
    expect((await outboxOf(t.shop, ja.mail)).map((r) => r.kind)).toEqual(['points_expiring', 'points_expiring']);
  });
});
