import { describe, expect, it } from 'vitest';
import { insertPartnerSite } from '../../src/db/queries/partner.ts';
import { reconcilePartnerTransfers } from '../../src/jobs/reconcile-partner-transfers.ts';
import {
  HttpPartnerGateway,
  partnerSignature,
  verifyPartnerSignature,
} from '../../src/services/programmes/partner/gateways/http-partner.ts';
import { buildMember, ledgerViolations } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { FakePartner } from './fake-partner.ts';
import { key, ledgerReasons, partnerBalance, pointsOf, sandboxPartner } from './helpers.ts';

const t = useTestShop();
const MINUTE = 60_000;

describe('partner-site point transfer with the sandbox partner', () => {
  it('lists, links with the phone check, moves points from the partner to here once', async () => {
    const p = await sandboxPartner(t.shop, 10_000);
    const m = await buildMember(t.shop);
    const list = await m.client.get('/user/transfer/point');
    expect(list.list).toContainEqual({ id: p.siteId, name: '試験パートナー', status: '0', point: '', pending: '0' });

    const wrong = await m.client.post('/user/transfer/login', {
      loginid: p.loginid,
      password: 'nope',
      site_id: p.siteId,
    });
    expect(wrong).toMatchObject({ state: 400, result: false });
    expect(wrong.errors?.loginid?.[0]).toContain('電話番号');
    // Right password but another phone number at the partner: refused too.
    await t.shop.ctx.db.pool.query('UPDATE members SET tel = $2 WHERE id = $1', [m.id, '08011112222']);
    expect((await m.client.post('/user/transfer/login', { ...p, site_id: p.siteId })).result).toBe(false);
    await t.shop.ctx.db.pool.query('UPDATE members SET tel = $2 WHERE id = $1', [m.id, '09000000000']);
    const linked = await m.client.post('/user/transfer/login', {
      loginid: p.loginid,
      password: p.password,
      site_id: p.siteId,
    });
    expect(linked).toMatchObject({ state: 200, result: true });
    expect((await m.client.get('/user/transfer/point')).list).toContainEqual(
      expect.objectContaining({ id: p.siteId, status: '1', point: '10000' }),
    );

    const requestKey = key();
    const moved = await m.client.post('/user/transfer/point', {
      point: '2500',
      site_id: p.siteId,
      request_key: requestKey,
    });
    expect(moved).toMatchObject({ state: 200, error: '', status: 'done', point: 2500 });
    // A double submit of the same confirmation answers the first transfer.
    const again = await m.client.post('/user/transfer/point', {
      point: '2500',
      site_id: p.siteId,
      request_key: requestKey,
    });
    expect(again).toMatchObject({ state: 200, error: '' });
    expect(await pointsOf(t.shop, m.id)).toBe(2500);
    expect(await partnerBalance(t.shop, p.siteId, p.loginid)).toBe(7500);
    expect(await ledgerReasons(t.shop, m.id)).toEqual(['partner_transfer']);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('refuses 0, empty, 11 digits, more than owned, an unlinked or unknown site, changing nothing', async () => {
    const p = await sandboxPartner(t.shop, 3000);
    const m = await buildMember(t.shop, { lang: 'en' });
    const unlinked = await m.client.post('/user/transfer/point', { point: '10', site_id: p.siteId });
    expect(unlinked).toMatchObject({ state: 400, error: 'This site is not linked yet' });
    await m.client.post('/user/transfer/login', { loginid: p.loginid, password: p.password, site_id: p.siteId });
    const cases: [unknown, string][] = [
      ['0', 'Enter 1 point or more'],
      ['', 'Enter the points to transfer'],
      ['12345678901', 'Enter the points as up to 10 digits'],
      ['-5', 'Enter the points as up to 10 digits'],
      ['1.5', 'Enter the points as up to 10 digits'],
      ['3001', 'Owned points exceeded'],
    ];
    for (const [point, error] of cases) {
      const r = await m.client.post('/user/transfer/point', { point, site_id: p.siteId });
      expect({ point, state: r.state, error: r.error }).toEqual({ point, state: 400, error });
    }
    expect((await m.client.post('/user/transfer/point', { point: '10', site_id: 999999 })).state).toBe(400);
    expect(await pointsOf(t.shop, m.id)).toBe(0);
    expect(await partnerBalance(t.shop, p.siteId, p.loginid)).toBe(3000);
    const long = await m.client.post('/user/transfer/login', {
      loginid: 'x'.repeat(256),
      password: 'y'.repeat(31),
      site_id: p.siteId,
    });
    expect(Object.keys(long.errors ?? {}).sort()).toEqual(['loginid', 'password']);
  });

  it('locks a member out of a site after 10 failed partner logins in an hour', async () => {
    const p = await sandboxPartner(t.shop);
    const m = await buildMember(t.shop);
    for (let i = 0; i < 10; i++) {
      const r = await m.client.post('/user/transfer/login', {
        loginid: p.loginid,
        password: 'guess',
        site_id: p.siteId,
      });
      expect(r.result).toBe(false);
    }
    const locked = await m.client.post('/user/transfer/login', { ...p, site_id: p.siteId });
    expect(locked).toMatchObject({ state: 429, reason: 'locked' });
    expect((await m.client.get('/user/transfer/point')).list).toContainEqual(
      expect.objectContaining({ id: p.siteId, status: '0' }),
    );
  });

  it('a double submit with two different keys at once moves the points once (one transfer in flight per site)', async () => {
    const p = await sandboxPartner(t.shop, 1000);
    const m = await buildMember(t.shop);
    await m.client.post('/user/transfer/login', { loginid: p.loginid, password: p.password, site_id: p.siteId });
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        m.client.post('/user/transfer/point', { point: '1000', site_id: p.siteId, request_key: key() }),
      ),
    );
    expect(replies.filter((r) => r.state === 200 && r.error === '')).toHaveLength(1);
    expect(await pointsOf(t.shop, m.id)).toBe(1000);
    expect(await partnerBalance(t.shop, p.siteId, p.loginid)).toBe(0);
  });
});

describe('HTTP partner adapter against a local fake partner', () => {
  // The test shop's configuration: the development secret.
  const secret = 'development-only-partner-shared-secret!!';

  it('signs requests (HMAC-SHA256, timestamp) and the partner refuses a wrong or stale signature', async () => {
    const r = {
      timestamp: String(Math.floor(Date.now() / 1000)),
      method: 'POST',
      path: '/v1/debits',
      idempotencyKey: 'k1',
      body: '{"point":5}',
    };
    const signature = partnerSignature(secret, r);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyPartnerSignature(secret, { ...r, signature })).toBe(true);
    expect(verifyPartnerSignature(secret, { ...r, body: '{"point":50}', signature })).toBe(false);
    expect(verifyPartnerSignature('another-secret-of-at-least-32-chars!!', { ...r, signature })).toBe(false);
    expect(verifyPartnerSignature(secret, { ...r, signature }, Date.now() + 10 * MINUTE)).toBe(false);

    const fake = await new FakePartner('wrong-secret-wrong-secret-wrong-secret').start();
    try {
      const gw = new HttpPartnerGateway(fake.url, secret);
      expect(await gw.login({ loginid: 'fan@partner.example', password: 'secret-pw', tel: '09000000000' })).toBeNull();
      expect(fake.badSignatures).toBe(1);
    } finally {
      await fake.close();
    }
  });

  it('a lost reply leaves the transfer pending; the reconcile job repeats the key and the points move once', async () => {
    const fake = await new FakePartner(secret).start();
    try {
      const siteId = await insertPartnerSite(t.shop.ctx.db.pool, {
        name: 'HTTPパートナー',
        nameEn: 'HTTP Partner',
        adapter: 'http',
        endpoint: fake.url,
        sort: 1,
      });
      const m = await buildMember(t.shop);
      const linked = await m.client.post('/user/transfer/login', {
        loginid: 'fan@partner.example',
        password: 'secret-pw',
        site_id: siteId,
      });
      expect(linked.result).toBe(true);
      expect((await m.client.get('/user/transfer/point')).list).toContainEqual(
        expect.objectContaining({ id: siteId, point: '5000' }),
      );

      fake.mode = 'lose-reply';
      const lost = await m.client.post('/user/transfer/point', { point: '1200', site_id: siteId, request_key: key() });
      expect(lost).toMatchObject({ state: 200, status: 'pending' });
      expect(lost.error).toContain('連携先に接続できませんでした');
      expect(fake.balances.get('acct-1')).toBe(3800); // the partner did debit
      expect(await pointsOf(t.shop, m.id)).toBe(0); // … but we do not know yet
      expect((await m.client.get('/user/transfer/point')).list).toContainEqual(
        expect.objectContaining({ id: siteId, pending: '1' }),
      );
      // Another transfer while one is in flight is refused.
      const busy = await m.client.post('/user/transfer/point', { point: '1', site_id: siteId, request_key: key() });
      expect(busy).toMatchObject({ state: 409, reason: 'transfer_pending' });

      // Not due before the request's grace; then the partner is down once, then answers.
      expect(await reconcilePartnerTransfers(t.shop.ctx)).toBe(0);
      t.shop.clock.advance(2 * MINUTE);
      fake.mode = 'down';
      expect(await reconcilePartnerTransfers(t.shop.ctx)).toBe(1);
      expect(await pointsOf(t.shop, m.id)).toBe(0);
      fake.mode = 'ok';
      t.shop.clock.advance(2 * MINUTE);
      expect(await reconcilePartnerTransfers(t.shop.ctx)).toBe(1);
      expect(await pointsOf(t.shop, m.id)).toBe(1200);
      expect(fake.balances.get('acct-1')).toBe(3800); // the repeated key did not debit again
      expect(fake.debits.size).toBe(1);
      t.shop.clock.advance(10 * MINUTE);
      expect(await reconcilePartnerTransfers(t.shop.ctx)).toBe(0);
      expect(await ledgerReasons(t.shop, m.id)).toEqual(['partner_transfer']);

      // A refusal by the partner (more than it holds, after our check) fails the transfer, nothing granted.
      fake.balances.set('acct-1', 10);
      fake.debits.clear();
      const gw = new HttpPartnerGateway(fake.url, secret);
      expect(await gw.debit({ account: 'acct-1', point: 50, idempotencyKey: 'k-refused' })).toEqual({
        status: 'refused',
        reason: 'insufficient',
      });
      expect(fake.badSignatures).toBe(0);
      expect(await ledgerViolations(t.shop)).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
