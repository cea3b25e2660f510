import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import { shopUrl, type MailContent } from './layout.ts';
import { greeting, queueMail, type Recipient } from './outbox.ts';

/**
 * Registration and mail verification share one template: at registration it welcomes the member (and, once the
 * verification flow hands a link in, asks to confirm the address); alone it only asks to confirm the address.
 * The registration route sends the one with the link, so it is the mail a new member gets; it says what waits for
 * the confirmation (issue 19 §2: buying, and receiving points and rewards).
 */
export function mailVerificationContent(
  to: Recipient,
  opts: { welcome: boolean; link: string | null; validHours: number; myPage: string },
): MailContent {
  const en = to.lang === 'en';
  const blocks: MailContent['blocks'] = [greeting(to)];
  if (opts.welcome) {
    blocks.push(
      en
        ? 'Thank you for registering with KIRAKIRA ORIPA. Your account is ready.'
        : 'キラキラオリパへの会員登録ありがとうございます。アカウントの準備ができました。',
    );
  }
  if (opts.link) {
    blocks.push(
      en
        ? `Please confirm your mail address with the button below within ${opts.validHours} hours.`
        : `下のボタンから${opts.validHours}時間以内にメールアドレスの確認をお願いします。`,
      { button: en ? 'Confirm my mail address' : 'メールアドレスを確認する', href: opts.link },
      en
        ? 'Until your address is confirmed you cannot buy packs or points, or receive points and rewards.'
        : 'メールアドレスの確認が済むまで、ガチャやポイントのご購入、ポイント・特典の受け取りはできません。',
    );
  } else {
    blocks.push(en ? 'Your page on the shop:' : 'マイページはこちらです。', {
      button: en ? 'Open my page' : 'マイページを開く',
      href: opts.myPage,
    });
  }
  blocks.push({
    note: en
      ? 'If you did not register, someone may have typed your address by mistake: you can ignore this mail.'
      : 'お心当たりのない場合は、どなたかがアドレスを誤って入力した可能性があります。このメールは破棄してください。',
  });
  const subject = opts.welcome
    ? en
      ? 'Welcome: your registration is complete'
      : '会員登録完了のお知らせ'
    : en
      ? 'Confirm your mail address'
      : 'メールアドレス確認のお願い';
  return { subject, preview: subject, blocks };
}

/** The welcome mail, queued in the registration's transaction (with the verification link when there is one). */
export function sendRegistrationMail(
  ctx: AppContext,
  db: Queryable,
  to: Recipient,
  link: string | null = null,
  validHours = 24,
) {
  const content = mailVerificationContent(to, { welcome: true, link, validHours, myPage: myPage(ctx) });
  return queueMail(ctx, db, to, 'registration', content);
}

/** A mail asking to confirm the address at `link` within `validHours` (a new member, or a new link asked for). */
export function sendMailVerification(ctx: AppContext, db: Queryable, to: Recipient, link: string, validHours = 24) {
  const content = mailVerificationContent(to, { welcome: false, link, validHours, myPage: myPage(ctx) });
  return queueMail(ctx, db, to, 'mail_verification', content);
}

const myPage = (ctx: AppContext) => shopUrl(ctx.config, '/my-page');
