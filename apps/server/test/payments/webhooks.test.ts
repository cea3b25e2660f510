import { describe, expect, it } from 'vitest';
import { signPayload, SIGNATURE_HEADER } from '../../src/services/payments/gateways/sandbox/signature.ts';
import { buildMember } from '../factories.ts';
import { useShop } from '../test-shop.ts';
import {
  balance,
  buy,
  CARDS,
  cardToken,
  expectLedgerClean,
  paymentEvents,
  paymentRow,
  startPaymentShop,
} from './helpers.ts';

const t = useShop(startPaymentShop);

const secret = () => t.shop.ctx.config.payments.callbackSecret;

async function post(body: string, signature: string | null) {
  const res = await fetch(`${t.shop.baseUrl}/api/payment/webhook/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as { outcome: string } };
}

async function pendingBank() {
  const m = await buildMember(t.shop);
  const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 4, name: 'ヤマダ' });
  const row = await paymentRow(t.shop, res.payment_id as string);
  return { m, pid: res.payment_id as string, row };
}

const event = (id: string, intent: string, ref: string, status: string, amount: number) =>
  JSON.stringify({
    id,
    type: 'payment.updated',
    created: Math.floor(Date.now() / 1000),
    data: { intent_id: intent, merchant_ref: ref, status, amount, currency: 'JPY' },
  });

describe('provider callbacks', () => {
  it('credits a correctly signed completion exactly once, even when delivered twice or in parallel', async () => {
    const { m, pid, row } = await pendingBank();
    const body = event('evt_once_1', row.provider_ref, pid, 'succeeded', 1000);
    const results = await Promise.all([
      post(body, signPayload(secret(), body)),
      post(body, signPayload(secret(), body)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.outcome).sort()).toEqual(['duplicate', 'processed']);
    const replay = await post(body, signPayload(secret(), body));
    expect(replay.body.outcome).toBe('duplicate');
    // A different event id with the same news changes nothing either: the payment is already terminal.
    const body2 = event('evt_once_2', row.provider_ref, pid, 'succeeded', 1000);
    expect((await post(body2, signPayload(secret(), body2))).body.outcome).toBe('ignored');
    expect((await balance(t.shop, m.id)).point).toBe(1000);
    expect(await paymentEvents(t.shop, pid)).toEqual(['created', 'pending', 'succeeded']);
    await expectLedgerClean(t.shop);
  });

  it('callbacks with different event ids racing the member return still credit once', async () => {
    // A 3-D Secure card payment: the member's return (point/append) asks the provider, so it races too.
    const m = await buildMember(t.shop);
    const res = await buy(m.client, {
      point_price_id: t.course[1000],
      pay_id: 1,
      token: (await cardToken(t.shop, CARDS.threeDs)).token,
    });
    const pid = res.payment_id as string;
    const row = await paymentRow(t.shop, pid);
    await t.shop.ctx.db.pool.query("UPDATE sandbox_intents SET status = 'succeeded' WHERE id = $1", [row.provider_ref]);
    const bodies = Array.from({ length: 6 }, (_, i) =>
      event(`evt_race_${i}`, row.provider_ref, pid, 'succeeded', 1000),
    );
    const replies = await Promise.all([
      ...bodies.map((b) => post(b, signPayload(secret(), b))),
      m.client.post('/user/point/append', { token: pid }),
    ]);
    const outcomes = replies.slice(0, 6).map((r) => (r as { body: { outcome: string } }).body.outcome);
    // Whichever signal wins applies the move; every other one finds a terminal payment.
    expect(outcomes.filter((o) => o === 'processed').length).toBeLessThanOrEqual(1);
    expect(outcomes.every((o) => ['processed', 'ignored'].includes(o))).toBe(true);
    expect(await paymentEvents(t.shop, pid)).toEqual(['created', 'requires_action', 'succeeded']);
    expect((await balance(t.shop, m.id)).point).toBe(1000);
    const { rows } = await t.shop.ctx.db.pool.query(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE ref_type = 'payment' AND ref_id = $1",
      [row.id],
    );
    expect(rows[0].n).toBe(1);
    await expectLedgerClean(t.shop);
  });

  it('rejects and logs a forged, missing, stale or tampered signature; payment unchanged', async () => {
    const { m, pid, row } = await pendingBank();
    const body = event('evt_forged', row.provider_ref, pid, 'succeeded', 1000);
    const attempts = [
      signPayload('not-the-secret-not-the-secret-not-the-secret', body),
      null,
      signPayload(secret(), body, Date.now() - 3600_000),
      signPayload(secret(), body.replace('1000', '100')),
    ];
    for (const sig of attempts) {
      const r = await post(body, sig);
      expect(r.status).toBe(400);
      expect(r.body.outcome).toBe('bad_signature');
    }
    const tampered = body.replace('"amount":1000', '"amount":1001');
    expect((await post(tampered, signPayload(secret(), body))).status).toBe(400);
    expect((await paymentRow(t.shop, pid)).status).toBe('pending');
    expect((await balance(t.shop, m.id)).point).toBe(0);
    const { rows } = await t.shop.ctx.db.pool.query(
      "SELECT count(*)::int AS n FROM payment_callbacks WHERE outcome = 'bad_signature'",
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(5);
  });

  it('rejects a signed callback with a mismatched amount and keeps waiting for the right one', async () => {
    const { m, pid, row } = await pendingBank();
    const wrong = event('evt_amount_1', row.provider_ref, pid, 'succeeded', 999);
    const r = await post(wrong, signPayload(secret(), wrong));
    expect(r).toMatchObject({ status: 400, body: { outcome: 'amount_mismatch' } });
    expect((await paymentRow(t.shop, pid)).status).toBe('pending');
    const right = event('evt_amount_2', row.provider_ref, pid, 'succeeded', 1000);
    expect((await post(right, signPayload(secret(), right))).body.outcome).toBe('processed');
    expect((await balance(t.shop, m.id)).point).toBe(1000);
  });

  it('never credits after cancel or expiry', async () => {
    for (const closing of ['cancelled', 'expired']) {
      const { m, pid, row } = await pendingBank();
      const close = event(`evt_close_${closing}`, row.provider_ref, pid, closing, 1000);
      expect((await post(close, signPayload(secret(), close))).body.outcome).toBe('processed');
      const late = event(`evt_late_${closing}`, row.provider_ref, pid, 'succeeded', 1000);
      expect((await post(late, signPayload(secret(), late))).body.outcome).toBe('ignored');
      expect((await paymentRow(t.shop, pid)).status).toBe(closing);
      expect((await balance(t.shop, m.id)).point).toBe(0);
    }
    await expectLedgerClean(t.shop);
  });

  it('answers unknown payments and malformed bodies without touching anything', async () => {
    const unknown = event('evt_unknown', 'si_nope', 'pay_nope', 'succeeded', 1000);
    expect((await post(unknown, signPayload(secret(), unknown))).status).toBe(404);
    const junk = '{"id": 5}';
    expect((await post(junk, signPayload(secret(), junk))).body.outcome).toBe('malformed');
    const other = await fetch(`${t.shop.baseUrl}/api/payment/webhook/stripe`, { method: 'POST', body: '{}' });
    expect(other.status).toBe(404);
  });
});
