import { judgeReferral } from '@oripa/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMember, ledgerViolations, type TestMember } from '../factories.ts';
import { useShop, startTestShop } from '../test-shop.ts';
import { buy, cardToken, seedCourses } from '../payments/helpers.ts';
import { markMailVerified } from '../../src/db/queries/mail-verifications.ts';
import { validRegistration } from '../accounts/registration-form.ts';
import { ledgerReasons, pointsOf } from './helpers.ts';
import { waitingOnLocks } from '../packs/pack-fixtures.ts';

// A cap of 2 per month so the cap is reached quickly; 500 / 300 points to tell the two sides apart.
const t = useShop(async () => {
  const shop = await startTestShop({
    REFERRAL_MONTHLY_CAP: '2',
    REFERRAL_REFERRER_POINT: '500',
    REFERRAL_REFEREE_POINT: '300',
  });
  return { shop, course: await seedCourses(shop) };
});

let telSeq = 0;
const freshTel = () => `080${String(10_000_000 + ++telSeq * 7919).slice(-8)}`;

async function referred(referrer: TestMember, tel = freshTel()) {
  const m = await buildMember(t.shop);
  await t.shop.ctx.db.pool.query('UPDATE members SET referred_by = $2, tel = $3 WHERE id = $1', [
    m.id,
    referrer.id,
    tel,
  ]);
  return m;
}

async function buyCourse(m: TestMember) {
  const r = await buy(m.client, { point_price_id: t.course[3000], pay_id: 1, token: (await cardToken(t.shop)).token });
  expect({ state: r.state, reason: r.reason, errors: r.errors }).toMatchObject({ state: 200 });
}

async function rewardOf(memberId: number) {
  const { rows } = await t.shop.ctx.db.pool.query('SELECT status FROM referral_rewards WHERE referee_id = $1', [
    memberId,
  ]);
  return rows.map((r) => r.status as string);
}

describe('referral rewards', () => {
  it('pays both sides on the first completed point purchase, once', async () => {
    const referrer = await buildMember(t.shop);
    await t.shop.ctx.db.pool.query('UPDATE members SET tel = $2 WHERE id = $1', [referrer.id, freshTel()]);
    const friend = await referred(referrer);
    await buyCourse(friend);
    expect(await rewardOf(friend.id)).toEqual(['granted']);
    expect(await pointsOf(t.shop, referrer.id)).toBe(500);
    expect(await pointsOf(t.shop, friend.id)).toBe(3300);
    await buyCourse(friend);
    expect(await pointsOf(t.shop, referrer.id)).toBe(500);
    expect(await ledgerReasons(t.shop, friend.id)).toEqual(['point_purchase', 'referral_welcome', 'point_purchase']);
    expect(await ledgerReasons(t.shop, referrer.id)).toEqual(['referral']);
  });

  it('refuses self-referral by the same phone number or the same card', async () => {
    const referrer = await buildMember(t.shop);
    const tel = freshTel();
    await t.shop.ctx.db.pool.query('UPDATE members SET tel = $2 WHERE id = $1', [referrer.id, tel]);
    const samePhone = await referred(referrer, `${tel.slice(0, 3)}-${tel.slice(3, 7)}-${tel.slice(7)}`);
    await buyCourse(samePhone);
    expect(await rewardOf(samePhone.id)).toEqual(['refused_self']);

    const sameCard = await referred(referrer);
    for (const m of [referrer, sameCard]) {
      await t.shop.ctx.db.pool.query(
        `INSERT INTO saved_cards (member_id, gateway, provider_ref, fingerprint, masked) VALUES ($1, 'sandbox', $2, 'fp-shared', '****1111')`,
        [m.id, `ref-${m.id}`],
      );
    }
    await buyCourse(sameCard);
    expect(await rewardOf(sameCard.id)).toEqual(['refused_self']);
    expect(await pointsOf(t.shop, referrer.id)).toBe(0);
    expect(await pointsOf(t.shop, sameCard.id)).toBe(3000);
  });

  it('a settled reward takes no lock: a later purchase does not wait while another reward of the referrer is counted', async () => {
    const referrer = await buildMember(t.shop);
    const friend = await referred(referrer);
    await buyCourse(friend);
    expect(await rewardOf(friend.id)).toEqual(['granted']);
    const busy = await t.shop.ctx.db.pool.connect();
    try {
      await busy.query('BEGIN');
      // What another referred member's first credit holds while it counts the referrer's monthly cap.
      await busy.query('SELECT 1 FROM members WHERE id = $1 FOR NO KEY UPDATE', [referrer.id]);
      let done = false;
      const later = buyCourse(friend).then(() => (done = true));
      // Either the purchase finishes, or it is seen queuing on a lock (the referrer's row, the only one held).
      await expect.poll(async () => done || (await waitingOnLocks(t.shop)) > 0, { timeout: 10_000 }).toBe(true);
      expect(done).toBe(true);
      await later;
    } finally {
      await busy.query('ROLLBACK');
      busy.release();
    }
  });

  it('pays once when two first purchases of one member are credited at once', async () => {
    const referrer = await buildMember(t.shop);
    await t.shop.ctx.db.pool.query('UPDATE members SET tel = $2 WHERE id = $1', [referrer.id, freshTel()]);
    const friend = await referred(referrer);
    await Promise.all([buyCourse(friend), buyCourse(friend)]);
    expect(await rewardOf(friend.id)).toEqual(['granted']);
    expect(await pointsOf(t.shop, referrer.id)).toBe(500);
    expect(await pointsOf(t.shop, friend.id)).toBe(6300);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('stops at the monthly cap per referrer, also when referred members buy at once', async () => {
    const referrer = await buildMember(t.shop);
    await t.shop.ctx.db.pool.query('UPDATE members SET tel = $2 WHERE id = $1', [referrer.id, freshTel()]);
    const friends = await Promise.all(Array.from({ length: 4 }, () => referred(referrer)));
    await Promise.all(friends.map(buyCourse));
    const outcomes = (await Promise.all(friends.map((f) => rewardOf(f.id)))).flat().sort();
    expect(outcomes).toEqual(['granted', 'granted', 'refused_cap', 'refused_cap']);
    expect(await pointsOf(t.shop, referrer.id)).toBe(1000);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('the code entered at registration is what pays (a new account with the referrer’s phone is refused)', async () => {
    const referrer = await buildMember(t.shop);
    const tel = freshTel();
    await t.shop.ctx.db.pool.query('UPDATE members SET tel = $2 WHERE id = $1', [referrer.id, tel]);
    const { rows } = await t.shop.ctx.db.pool.query('SELECT referral_code FROM members WHERE id = $1', [referrer.id]);
    const code = rows[0].referral_code as string;

    const signUp = async (form: ReturnType<typeof validRegistration>) => {
      const client = t.shop.client();
      expect((await client.post('/user/append', form)).state).toBe(200);
      const { rows: m } = await t.shop.ctx.db.pool.query('SELECT id FROM members WHERE lower(mail) = lower($1)', [
        form.mail,
      ]);
      const id = Number(m[0].id);
      await markMailVerified(t.shop.ctx.db.pool, id, form.mail, t.shop.clock.now());
      expect((await client.post('/user/login', { mail: form.mail, pass: form.pass, save_cookie: '0' })).state).toBe(
        200,
      );
      // Asked once before the first purchase (ADR 0036): an adult.
      const born = { birth_year: 1990, birth_month: 4 };
      expect((await client.post('/user/spending_limits/birth_month', born)).state).toBe(200);
      return { id, client } as unknown as TestMember;
    };
    const friend = await signUp(validRegistration({ referralCode: code.toLowerCase(), tel: freshTel() }));
    await buyCourse(friend);
    expect(await rewardOf(friend.id)).toEqual(['granted']);
    const twin = await signUp(validRegistration({ referralCode: code, tel }));
    await buyCourse(twin);
    expect(await rewardOf(twin.id)).toEqual(['refused_self']);
    expect(await pointsOf(t.shop, referrer.id)).toBe(500);
  });

  it('judgeReferral: self-referral always refused, otherwise granted exactly below the cap', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.nat(20), fc.nat(20), (m, tel, card, used, cap) => {
        const out = judgeReferral({
          sameMember: m,
          sameTel: tel,
          sameCard: card,
          grantedThisMonth: used,
          monthlyCap: cap,
        });
        if (m || tel || card) return out === 'refused_self';
        return out === (used < cap ? 'granted' : 'refused_cap');
      }),
    );
  });
});
