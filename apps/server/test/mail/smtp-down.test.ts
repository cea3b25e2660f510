import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMailJob } from '../../src/jobs/deliver-mail.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { connectDatabase } from '../../src/db/database.ts';
import { createMailer } from '../../src/services/mailer.ts';
import { buildMember } from '../factories.ts';
import { balance, buy, cardToken, paymentRow, pressSandbox } from '../payments/helpers.ts';
import { sendPasswordResetMail } from '../../src/mail/password-reset.ts';
import { outboxOf, recipient, startMailShop, type MailShop } from './mail-shop.ts';

// Issue 12 C: SMTP down must not lose a mail or fail (or slow) a purchase. The SMTP server is a real one started by
// the test and stopped to cut it; MAIL_RETRY_BASE_MS is 5 s here, MAIL_MAX_ATTEMPTS 4.

let t: MailShop;
beforeAll(async () => {
  t = await startMailShop({ MAIL_MAX_ATTEMPTS: '4', MAIL_RETRY_BASE_MS: '5000' });
});
afterAll(() => t.close());

/** A mail queued on its own, as a service outside a transaction would. */
const queueOne = (mail: string, lang: 'ja' | 'en') =>
  sendPasswordResetMail(t.shop.ctx, t.shop.ctx.db.pool, recipient(mail, lang), `${t.shop.baseUrl}/reset-password`, 30);

/** Moves the shop's clock past every retry due so far. */
async function afterBackoff(mail: string) {
  const rows = await outboxOf(t.shop, mail);
  const latest = Math.max(...rows.map((r) => r.next_attempt_at.getTime()));
  t.shop.clock.advance(Math.max(0, latest - t.shop.clock.now().getTime()) + 10);
}

describe('with SMTP down', () => {
  it('a purchase and a payment still succeed; their mails wait queued with a growing delay; SMTP back: delivered once', async () => {
    await t.smtp.stop();
    const m = await buildMember(t.shop);
    const started = performance.now();
    const tok = await cardToken(t.shop);
    const card = await buy(m.client, { point_price_id: t.course[1000], pay_id: 1, token: tok.token });
    expect(card).toMatchObject({ state: 200, result: '1', point: 1000 });
    const combini = await buy(m.client, { point_price_id: t.course[500], pay_id: 2, combini_code: 'econ' });
    expect(combini).toMatchObject({ state: 200, result: '1' });
    await pressSandbox(t.shop, (await paymentRow(t.shop, combini.payment_id as string)).next_action_url, 'pay');
    expect((await balance(t.shop, m.id)).point).toBe(1500);
    // Nothing on the purchase path waited for SMTP.
    expect(performance.now() - started).toBeLessThan(5_000);
    const queued = await outboxOf(t.shop, m.mail);
    expect(queued.map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ['purchase_receipt', 'queued', 0],
      ['payment_instructions_combini', 'queued', 0],
      ['payment_received', 'queued', 0],
    ]);

    // Each failed attempt pushes the next one further out (5 s, 10 s, 20 s after the attempt).
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const at = t.shop.clock.now().getTime();
      expect(await t.deliver()).toBe(3);
      const rows = await outboxOf(t.shop, m.mail);
      for (const r of rows) {
        expect(r).toMatchObject({ status: 'queued', attempts: attempt, sent_at: null });
        expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
      }
      gaps.push(rows[0]!.next_attempt_at.getTime() - at);
      // Not due yet: a run before the delay changes nothing.
      expect(await t.deliver()).toBe(0);
      if (attempt < 3) await afterBackoff(m.mail);
    }
    // Each gap is the backoff plus however long the refused attempt took.
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(5000 * 2 ** i);
      expect(gap).toBeLessThan(5000 * 2 ** i + 2500);
    });

    await t.smtp.start();
    await afterBackoff(m.mail);
    // Two runners race for the same rows: each mail still goes out exactly once.
    const [a, b] = await Promise.all([
      runJobUntilIdle(t.shop.ctx, deliverMailJob),
      runJobUntilIdle(t.shop.ctx, deliverMailJob),
    ]);
    expect(a + b).toBe(3);
    expect(
      t.smtp
        .to(m.mail)
        .map((x) => x.subject)
        .sort(),
    ).toEqual(
      [
        '【キラキラオリパ】ご入金確認のお知らせ',
        '【キラキラオリパ】コンビニ決済のお支払い方法',
        '【キラキラオリパ】ポイント購入の領収書',
      ].sort(),
    );
    expect((await outboxOf(t.shop, m.mail)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    t.shop.clock.advance(3600_000);
    expect(await t.deliver()).toBe(0);
    expect(t.smtp.to(m.mail)).toHaveLength(3);
  });

  it('many queued mails and two instances delivering at once: every mail arrives exactly once', async () => {
    await t.smtp.stop();
    const members = Array.from({ length: 30 }, (_, i) => ({ mail: `many.${i}.${Date.now()}@example.test` }));
    for (const m of members) await queueOne(m.mail, 'ja');
    await t.smtp.start();
    // A second instance: its own pool and SMTP transport on the same database.
    const db = connectDatabase(t.shop.databaseUrl, 5);
    const other = { ...t.shop.ctx, db, mailer: createMailer(t.shop.ctx.config) };
    try {
      await Promise.all([
        runJobUntilIdle(t.shop.ctx, deliverMailJob),
        runJobUntilIdle(other, deliverMailJob),
        runJobUntilIdle(other, deliverMailJob),
      ]);
    } finally {
      await db.close();
    }
    for (const m of members) {
      expect(t.smtp.to(m.mail)).toHaveLength(1);
      expect((await outboxOf(t.shop, m.mail)).map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);
    }
  });

  it('a mail that keeps failing ends as failed after MAIL_MAX_ATTEMPTS, visible in the sandbox outbox', async () => {
    await t.smtp.stop();
    const m = { mail: `failing.${Date.now()}@example.test` };
    await queueOne(m.mail, 'en');
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await t.deliver()).toBe(1);
      await afterBackoff(m.mail);
    }
    const [row] = await outboxOf(t.shop, m.mail);
    expect(row).toMatchObject({ status: 'failed', attempts: 4, sent_at: null });
    expect(row!.last_error).toBeTruthy();
    // Failed for good: SMTP coming back does not resend it, and the job leaves it alone.
    await t.smtp.start();
    t.shop.clock.advance(24 * 3600_000);
    expect(await t.deliver()).toBe(0);
    expect(t.smtp.to(m.mail)).toEqual([]);
    const res = await fetch(`${t.shop.baseUrl}/sandbox/outbox`);
    const { messages } = (await res.json()) as { messages: { recipient: string; status: string; attempts: number }[] };
    expect(messages.find((x) => x.recipient === m.mail)).toMatchObject({ status: 'failed', attempts: 4 });
  });
});
