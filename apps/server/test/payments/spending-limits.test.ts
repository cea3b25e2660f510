import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMember, type TestMember } from '../factories.ts';
import { useShop, type TestShop } from '../test-shop.ts';
import { buy, DAY, seedCourses } from './helpers.ts';
import { startTestShop } from '../test-shop.ts';

/**
 * Responsible play (issue 19 §2, ADR 0036): each refusal happens before any payment row exists and before the
 * gateway is asked for anything. The shop clock is pinned to the 3rd of a month (JST) so 7-day moves stay in it.
 */
const t = useShop(async () => {
  const shop = await startTestShop();
  shop.clock.offsetMs = Date.parse('2027-01-03T10:00:00+09:00') - Date.now();
  return { shop, course: await seedCourses(shop) };
});

afterEach(() => vi.restoreAllMocks());

const birthMonthForAge = (shop: TestShop, age: number) => {
  // Born in the month before this one, `age` years ago: exactly `age` now (ADR 0036's birthday rule).
  const now = new Date(shop.clock.now().getTime() + 9 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Buys a course at the convenience store: the payment stays pending (open), so it counts for the month. */
const combini = (m: TestMember, courseId: number) =>
  buy(m.client, { point_price_id: courseId, pay_id: 2, combini_code: 'econ' });

async function paymentCount(shop: TestShop, memberId: number) {
  const { rows } = await shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM payments WHERE member_id = $1', [
    memberId,
  ]);
  return rows[0].n as number;
}

/** Expects a refusal with `reason`, no new payment row and no gateway call; answers the message. */
async function expectRefused(m: TestMember, courseId: number, reason: string): Promise<string> {
  const before = await paymentCount(t.shop, m.id);
  const gateway = vi.spyOn(t.shop.ctx.gateway, 'createPayment');
  const r = await combini(m, courseId);
  expect(r.state, JSON.stringify(r)).toBe(400);
  expect(r.reason).toBe(reason);
  expect(gateway).not.toHaveBeenCalled();
  expect(await paymentCount(t.shop, m.id)).toBe(before);
  return Object.values(r.errors ?? {}).flat()[0] as string;
}

const limits = (m: TestMember) => m.client.get('/user/spending_limits');

describe('birth month and guardian consent at the first purchase', () => {
  it('refuses a purchase until the birth month is given, then buys', async () => {
    const m = await buildMember(t.shop, { birthMonth: null });
    expect((await limits(m)).birth_month).toBe('');
    await expectRefused(m, t.course[1000]!, 'birth_month_required');
    const set = await m.client.post('/user/spending_limits/birth_month', { birth_year: 1990, birth_month: 5 });
    expect(set.state).toBe(200);
    expect(set.birth_month).toBe('1990-05');
    expect(set.age_band).toBe('adult');
    expect((await combini(m, t.course[1000]!)).state).toBe(200);
    // Asked once: it cannot be changed afterwards.
    const again = await m.client.post('/user/spending_limits/birth_month', { birth_year: 2012, birth_month: 1 });
    expect(again.reason).toBe('birth_month_set');
  });

  it("a minor must tick the guardian's consent; its time is stored", async () => {
    const m = await buildMember(t.shop, { birthMonth: null });
    const [y, mo] = birthMonthForAge(t.shop, 17).split('-').map(Number);
    const without = await m.client.post('/user/spending_limits/birth_month', { birth_year: y, birth_month: mo });
    expect(without.reason).toBe('guardian_consent');
    const withConsent = await m.client.post('/user/spending_limits/birth_month', {
      birth_year: y,
      birth_month: mo,
      guardian_consent: '1',
    });
    expect(withConsent.age_band).toBe('age16to17');
    const { rows } = await t.shop.ctx.db.pool.query(
      'SELECT guardian_consent_at FROM member_spending_limits WHERE member_id = $1',
      [m.id],
    );
    expect(Math.abs(rows[0].guardian_consent_at.getTime() - t.shop.clock.now().getTime())).toBeLessThan(60_000);
  });

  it('refuses a birth month in the future', async () => {
    const m = await buildMember(t.shop, { birthMonth: null });
    const r = await m.client.post('/user/spending_limits/birth_month', { birth_year: 2027, birth_month: 2 });
    expect(r.reason).toBe('birth_month');
  });
});

describe('age band caps (count credited and open purchases of the JST month)', () => {
  it('16-17: ¥20,000 a month, in the member language, with the month total', async () => {
    const m = await buildMember(t.shop, { birthMonth: birthMonthForAge(t.shop, 16) });
    expect((await combini(m, t.course[10000]!)).state).toBe(200);
    expect((await combini(m, t.course[5000]!)).state).toBe(200);
    expect((await combini(m, t.course[3000]!)).state).toBe(200);
    // 18,000 pending: 3,000 more would pass 20,000.
    const message = await expectRefused(m, t.course[3000]!, 'age_limit');
    expect(message).toBe('このご購入で年齢による今月の購入上限 ¥20,000 を超えます（今月の購入額 ¥18,000）');
    expect((await limits(m)).remaining).toBe(2_000);
    // Next month (JST) starts from zero.
    t.shop.clock.advance(30 * DAY);
    expect((await combini(m, t.course[3000]!)).state).toBe(200);
    t.shop.clock.advance(-30 * DAY);
  });

  it('under 16: ¥5,000 a month (English member, English message)', async () => {
    const m = await buildMember(t.shop, { birthMonth: birthMonthForAge(t.shop, 15), lang: 'en' });
    expect((await combini(m, t.course[5000]!)).state).toBe(200);
    const message = await expectRefused(m, t.course[500]!, 'age_limit');
    expect(message).toBe(
      "This purchase would go over this month's purchase limit for your age of ¥5,000 (this month's purchases: ¥5,000)",
    );
  });

  it('a failed or cancelled purchase does not count', async () => {
    const m = await buildMember(t.shop, { birthMonth: birthMonthForAge(t.shop, 15) });
    const r = await combini(m, t.course[5000]!);
    await t.shop.ctx.db.pool.query("UPDATE payments SET status = 'cancelled', updated_at = $2 WHERE public_id = $1", [
      r.payment_id,
      t.shop.clock.now(),
    ]);
    expect((await combini(m, t.course[5000]!)).state).toBe(200);
  });

  it('two quick purchases cannot both pass the cap', async () => {
    const m = await buildMember(t.shop, { birthMonth: birthMonthForAge(t.shop, 15) });
    const second = t.shop.client('ja');
    second.setCookie('sid', m.client.cookie('sid')!);
    const results = await Promise.all([
      combini(m, t.course[3000]!),
      buy(second, {
        point_price_id: t.course[3000]!,
        pay_id: 2,
        combini_code: 'econ',
      }),
    ]);
    expect(results.map((r) => r.state).sort()).toEqual([200, 400]);
    expect(await paymentCount(t.shop, m.id)).toBe(1);
  });
});

describe("the member's own monthly limit", () => {
  it('lowering applies at once', async () => {
    const m = await buildMember(t.shop);
    expect((await combini(m, t.course[3000]!)).state).toBe(200);
    const set = await m.client.post('/user/spending_limits/monthly_limit', { monthly_limit: '5000' });
    expect(set).toMatchObject({ monthly_limit: 5_000, pending_limit: null, month_total: 3_000, remaining: 2_000 });
    const message = await expectRefused(m, t.course[3000]!, 'monthly_limit');
    expect(message).toBe('このご購入で今月の購入上限 ¥5,000 を超えます（今月の購入額 ¥3,000）');
  });

  it('raising applies only after 7 days (shown as pending with its date)', async () => {
    const m = await buildMember(t.shop);
    await m.client.post('/user/spending_limits/monthly_limit', { monthly_limit: 1000 });
    const raised = await m.client.post('/user/spending_limits/monthly_limit', { monthly_limit: 10000 });
    expect(raised).toMatchObject({ monthly_limit: 1_000, pending_limit: 10_000 });
    expect(raised.pending_effective_at).toMatch(/^2027-01-10 /);
    await expectRefused(m, t.course[3000]!, 'monthly_limit');
    t.shop.clock.advance(7 * DAY - 60_000);
    await expectRefused(m, t.course[3000]!, 'monthly_limit');
    t.shop.clock.advance(120_000);
    expect((await combini(m, t.course[3000]!)).state).toBe(200);
    expect(await limits(m)).toMatchObject({ monthly_limit: 10_000, pending_limit: null, pending_effective_at: '' });
    t.shop.clock.advance(-(7 * DAY + 60_000));
  });

  it('removing waits 7 days too', async () => {
    const m = await buildMember(t.shop);
    await m.client.post('/user/spending_limits/monthly_limit', { monthly_limit: 0 });
    const removed = await m.client.post('/user/spending_limits/monthly_limit', { monthly_limit: '' });
    expect(removed).toMatchObject({ monthly_limit: 0, pending_limit: null });
    expect(removed.pending_effective_at).not.toBe('');
    await expectRefused(m, t.course[500]!, 'monthly_limit');
  });
});

describe('cool-off', () => {
  it('blocks purchases until it ends and cannot be shortened', async () => {
    const m = await buildMember(t.shop);
    const set = await m.client.post('/user/spending_limits/cool_off', { period: '7d' });
    expect(set.cool_off_until).toMatch(/^2027-01-10 /);
    const message = await expectRefused(m, t.course[500]!, 'cool_off');
    expect(message).toContain('2027-01-10');
    const shorter = await m.client.post('/user/spending_limits/cool_off', { period: '24h' });
    expect(shorter.cool_off_until).toBe(set.cool_off_until);
    t.shop.clock.advance(7 * DAY + 60_000);
    expect((await limits(m)).cool_off_until).toBe('');
    expect((await combini(m, t.course[500]!)).state).toBe(200);
    t.shop.clock.advance(-(7 * DAY + 60_000));
  });
});

describe('bad input on the new POSTs', () => {
  const cases: [string, unknown][] = [
    ['/user/spending_limits/monthly_limit', { monthly_limit: -1 }],
    ['/user/spending_limits/monthly_limit', { monthly_limit: '-500' }],
    ['/user/spending_limits/monthly_limit', { monthly_limit: 1e15 }],
    ['/user/spending_limits/monthly_limit', { monthly_limit: '99999999999999999999' }],
    ['/user/spending_limits/monthly_limit', { monthly_limit: 1.5 }],
    ['/user/spending_limits/monthly_limit', { monthly_limit: { $gt: 0 } }],
    ['/user/spending_limits/monthly_limit', { monthly_limit: [1000] }],
    ['/user/spending_limits/monthly_limit', {}],
    ['/user/spending_limits/cool_off', { period: '1h' }],
    ['/user/spending_limits/cool_off', { period: 7 }],
    ['/user/spending_limits/cool_off', {}],
    ['/user/spending_limits/birth_month', { birth_year: 'abcd', birth_month: 1 }],
    ['/user/spending_limits/birth_month', { birth_year: 1990, birth_month: 13 }],
    ['/user/spending_limits/birth_month', { birth_year: 1990, birth_month: -1 }],
    ['/user/spending_limits/birth_month', { birth_year: 1e20, birth_month: 1 }],
    ['/user/spending_limits/birth_month', { birth_year: 1990 }],
    ['/user/spending_limits/birth_month', { birth_year: 1990, birth_month: 1, guardian_consent: 'yes' }],
  ];

  it('answers 400 with a message and changes nothing', async () => {
    const m = await buildMember(t.shop, { birthMonth: null });
    for (const [path, body] of cases) {
      const r = await m.client.post(path, body);
      expect(r.state, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.values(r.errors ?? {}).flat().length).toBeGreaterThan(0);
    }
    expect(await limits(m)).toMatchObject({ birth_month: '', monthly_limit: null, cool_off_until: '' });
  });

  it('refuses a POST without the CSRF pair, and a visitor', async () => {
    const m = await buildMember(t.shop);
    for (const path of ['monthly_limit', 'cool_off', 'birth_month']) {
      const r = await m.client.post(
        `/user/spending_limits/${path}`,
        { period: '30d', monthly_limit: 1 },
        { csrf: false },
      );
      expect(r.state).toBe(403);
    }
    expect((await t.shop.client().get('/user/spending_limits')).state).toBe(401);
    expect(await limits(m)).toMatchObject({ monthly_limit: null, cool_off_until: '' });
  });
});
