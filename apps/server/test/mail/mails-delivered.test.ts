import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMailVerification, sendRegistrationMail } from '../../src/mail/mail-verification.ts';
import { sendShipmentSent } from '../../src/mail/shipment-sent.ts';
import { sendSmsVerified } from '../../src/mail/sms-verified.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { buildMember } from '../factories.ts';
import { buy, cardToken, paymentRow, pressSandbox } from '../payments/helpers.ts';
import { expectMail, hrefs, outboxOf, recipient, startMailShop, type MailShop } from './mail-shop.ts';

// Issue 12 C: every mail of the shop, in both languages, arrives at a real SMTP server with an HTML and a
// plain-text part. The mails go the way they do in production: queued in the outbox, sent by the delivery job.

let t: MailShop;
beforeAll(async () => {
  t = await startMailShop();
});
afterAll(() => t.close());

const OPERATOR = {
  ja: [
    '販売事業者：株式会社キラキラトレーディング',
    '所在地：〒330-0063 埼玉県さいたま市浦和区高砂9-9-9 キラキラビル5F',
  ],
  en: ['Seller: Kirakira Trading Co., Ltd.', 'Address: Kirakira Bldg. 5F, 9-9-9 Takasago, Urawa-ku, Saitama-shi'],
};
const CONTACT = ['048-000-0000', 'support@kirakira-oripa.example'];

/** Runs the delivery job, then expects the one mail to `to` with this subject, holding every line. */
async function arrives(to: string, subject: string, lines: string[]) {
  await t.deliver();
  return expectMail(t.smtp.to(to), subject, lines);
}

for (const lang of ['ja', 'en'] as const) {
  const ja = lang === 'ja';
  const subject = (jaText: string, enText: string) =>
    ja ? `【キラキラオリパ】${jaText}` : `[KIRAKIRA ORIPA] ${enText}`;
  describe(`mails in ${lang}`, () => {
    it('registration and mail verification', async () => {
      const mail = `reg.${lang}.${Date.now()}@example.test`;
      const link = `${t.shop.ctx.config.publicUrl}/verify-mail?token=abc123`;
      await sendRegistrationMail(t.shop.ctx, t.shop.ctx.db.pool, recipient(mail, lang));
      await sendMailVerification(t.shop.ctx, t.shop.ctx.db.pool, recipient(mail, lang), link);
      const welcome = await arrives(mail, subject('会員登録完了のお知らせ', 'Welcome: your registration is complete'), [
        ja ? '試験 太郎 様' : 'Dear 太郎 試験,',
        ja ? 'キラキラオリパへの会員登録ありがとうございます。' : 'Thank you for registering with KIRAKIRA ORIPA.',
        ...CONTACT,
      ]);
      expect(hrefs(welcome.html)).toContain(`${t.shop.ctx.config.publicUrl}/my-page`);
      const verify = await arrives(mail, subject('メールアドレス確認のお願い', 'Confirm your mail address'), [
        ja ? 'メールアドレスを確認する' : 'Confirm my mail address',
        link,
        ja
          ? 'メールアドレスの確認が済むまで、ガチャやポイントのご購入、ポイント・特典の受け取りはできません。'
          : 'Until your address is confirmed you cannot buy packs or points, or receive points and rewards.',
      ]);
      expect(hrefs(verify.html)).toContain(link);
    });

    it('password reissue (through the API)', async () => {
      const m = await buildMember(t.shop, { lang });
      expect((await t.shop.client(lang).post('/user/reset_password', { mail: m.mail })).state).toBe(200);
      const mail = await arrives(m.mail, subject('パスワード再設定のご案内', 'Reset your password'), [
        ja ? '30分以内に新しいパスワードを設定してください' : 'within 30 minutes to set a new password',
      ]);
      const link = hrefs(mail.html).find((h) => h.includes('/reset-password?token='))!;
      expect(link).toMatch(new RegExp(`^${t.shop.ctx.config.publicUrl}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
      expect(mail.text).toContain(link);
      // The link works.
      const token = new URL(link).searchParams.get('token');
      expect((await t.shop.client().get(`/user/reset_password/check/${token}`)).state).toBe(200);
    });

    it('card purchase: the receipt with the 特定商取引法 items', async () => {
      const m = await buildMember(t.shop, { lang, rank: 3 });
      const tok = await cardToken(t.shop);
      const res = await buy(m.client, { point_price_id: t.course[3000], pay_id: 1, token: tok.token });
      expect(res).toMatchObject({ state: 200, result: '1' });
      const p = await paymentRow(t.shop, res.payment_id as string);
      const bonus = Number(p.append_point);
      expect(bonus).toBeGreaterThan(0);
      await arrives(m.mail, subject('ポイント購入の領収書', 'Receipt for your point purchase'), [
        ja ? 'ご購入内容：ポイント 3,000pt コース' : 'Item: 3,000pt point course',
        ja ? 'お支払金額（税込）：¥3,000' : 'Amount paid (tax included): ¥3,000',
        ja ? '付与ポイント：3,000pt' : 'Points: 3,000pt',
        ja ? `ボーナスポイント：${bonus}pt` : `Bonus points: ${bonus}pt`,
        ja ? 'お支払方法：クレジットカード' : 'Payment method: Credit card',
        ja ? `決済番号：${res.payment_id}` : `Payment ID: ${res.payment_id}`,
        ja ? 'ご購入日時：20' : 'Date: 20',
        ...OPERATOR[lang],
        ...CONTACT,
      ]);
    });

    it('convenience store: how to pay by the deadline, then payment received', async () => {
      const m = await buildMember(t.shop, { lang });
      const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 2, combini_code: 'econ' });
      expect(res).toMatchObject({ state: 200, result: '1' });
      const p = await paymentRow(t.shop, res.payment_id as string);
      // The buyer is told an hour before the provider closes (ADR 0041); 'econ' is read as FamilyMart, paid with a
      // customer number and a confirmation number at its multi-copy machine.
      const deadline = new Date(new Date(p.expires_at as Date).getTime() + 8 * 3600_000)
        .toISOString()
        .replace('T', ' ')
        .slice(0, 16);
      const howTo = await arrives(m.mail, subject('コンビニ決済のお支払い方法', 'How to pay at a convenience store'), [
        ja ? `お客様番号：${res.receipt}` : `Customer number: ${res.receipt}`,
        ja ? '確認番号：' : 'Confirmation number: ',
        ja ? 'ファミリーマート' : 'FamilyMart',
        ja ? `お支払期限：${deadline} (JST)` : `Deadline: ${deadline} (JST)`,
        ja ? 'お支払金額：¥1,000' : 'Amount: ¥1,000',
        ...OPERATOR[lang],
      ]);
      expect(hrefs(howTo.html)).toContain(p.next_action_url);

      await pressSandbox(t.shop, p.next_action_url, 'pay');
      await arrives(m.mail, subject('ご入金確認のお知らせ', 'We received your payment'), [
        ja ? 'ご入金を確認いたしました。' : 'We have received your payment',
        ja ? 'お支払方法：コンビニ決済' : 'Payment method: Convenience store',
        ja ? `決済番号：${res.payment_id}` : `Payment ID: ${res.payment_id}`,
        ...OPERATOR[lang],
      ]);
      expect(t.smtp.to(m.mail)).toHaveLength(2);
    });

    it('bank transfer: the account to transfer to, with the deadline', async () => {
      const m = await buildMember(t.shop, { lang });
      const res = await buy(m.client, { point_price_id: t.course[5000], pay_id: 4, name: 'ヤマダ　タロウ' });
      expect(res).toMatchObject({ state: 200, result: '1' });
      const info = await m.client.get('/user/bank');
      await arrives(m.mail, subject('銀行振込のお振込先', 'Bank transfer details'), [
        ja ? 'お振込金額：¥5,000' : 'Amount: ¥5,000',
        ja ? `銀行名：${info.bank}` : `Bank: ${info.bank}`,
        ja ? `口座番号：${info.number}` : `Account number: ${info.number}`,
        ja ? `口座名義：${info.name}` : `Account name: ${info.name}`,
        ja ? 'お振込期限：' : 'Deadline: ',
      ]);
    });

    it('shipment sent, with the tracking link', async () => {
      const mail = `ship.${lang}.${Date.now()}@example.test`;
      await sendShipmentSent(t.shop.ctx, t.shop.ctx.db.pool, recipient(mail, lang), {
        carrier: 'yamato',
        trackingNumber: '1234-5678-9012',
        items: ['焔竜ヴァルガ SAR', '星霊ルミナ UR', '焔竜ヴァルガ SAR'],
      });
      const sent = await arrives(mail, subject('カード発送のお知らせ', 'Your cards have been shipped'), [
        ja ? '配送業者：ヤマト運輸' : 'Carrier: Yamato Transport',
        ja ? '伝票番号：1234-5678-9012' : 'Tracking number: 1234-5678-9012',
        ja ? '発送内容' : 'Cards in the parcel',
      ]);
      // The cards are a list, a repeated card once with its count; no line starts with a stray separator.
      expect(sent.html).toMatch(/<li[^>]*>焔竜ヴァルガ SAR × 2<\/li>\s*<li[^>]*>星霊ルミナ UR<\/li>/);
      expect(sent.text).not.toMatch(/^\s*(：|: )/m);
      const track = 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=123456789012';
      expect(hrefs(sent.html)).toContain(track);
      expect(sent.text).toContain(track);
    });

    it('SMS verification done', async () => {
      const mail = `sms.${lang}.${Date.now()}@example.test`;
      await sendSmsVerified(t.shop.ctx, t.shop.ctx.db.pool, recipient(mail, lang), { tel: '09012345678', bonus: 100 });
      await arrives(mail, subject('SMS認証完了のお知らせ', 'SMS verification complete'), [
        '*******5678',
        ja ? 'SMS認証ボーナスとして100ptを付与しました。' : '100pt have been added',
      ]);
    });
  });
}

describe('the outbox after delivery', () => {
  it('marks each delivered mail sent once, with its kind', async () => {
    const m = await buildMember(t.shop);
    await t.shop.client().post('/user/reset_password', { mail: m.mail });
    await t.deliver();
    const rows = await outboxOf(t.shop, m.mail);
    expect(rows).toMatchObject([{ kind: 'password_reset', status: 'sent', attempts: 1, last_error: null }]);
    expect(rows[0]!.sent_at).toBeInstanceOf(Date);
    expect(await t.deliver()).toBe(0);
    expect(t.smtp.to(m.mail)).toHaveLength(1);
  });

  it('a mail queued in a transaction that rolls back does not exist', async () => {
    const mail = `rollback.${Date.now()}@example.test`;
    const failing = withTransaction(t.shop.ctx.db, async (tx) => {
      await sendSmsVerified(t.shop.ctx, tx, recipient(mail, 'ja'), { tel: '09012345678', bonus: 0 });
      throw new Error('the change it reports failed');
    });
    await expect(failing).rejects.toThrow('the change it reports failed');
    await t.deliver();
    expect(await outboxOf(t.shop, mail)).toEqual([]);
    expect(t.smtp.to(mail)).toEqual([]);
  });
});
