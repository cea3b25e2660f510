import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import type { MailContent } from './layout.ts';
import { queueMail, type Recipient } from './outbox.ts';

/** The reissue mail: the link, how long it lives, and what to do if it was not you. */
export function passwordResetContent(to: Recipient, link: string, minutes: number): MailContent {
  if (to.lang === 'en') {
    return {
      subject: 'Reset your password',
      preview: `Set a new password within ${minutes} minutes.`,
      blocks: [
        'We received a request to reset the password of your KIRAKIRA ORIPA account.',
        `Open the link below within ${minutes} minutes to set a new password. The link works only once.`,
        { button: 'Set a new password', href: link },
        { note: 'If you did not ask for this, you can ignore this mail: your password stays as it is.' },
      ],
    };
  }
  return {
    subject: 'パスワード再設定のご案内',
    preview: `${minutes}分以内に新しいパスワードを設定してください。`,
    blocks: [
      'キラキラオリパをご利用いただきありがとうございます。パスワード再設定のお申し込みを受け付けました。',
      `下記のリンクから${minutes}分以内に新しいパスワードを設定してください。リンクは一度だけ有効です。`,
      { button: '新しいパスワードを設定する', href: link },
      { note: 'このメールにお心当たりがない場合は、破棄してください。パスワードは変更されません。' },
    ],
  };
}

export function sendPasswordResetMail(ctx: AppContext, db: Queryable, to: Recipient, link: string, minutes: number) {
  return queueMail(ctx, db, to, 'password_reset', passwordResetContent(to, link, minutes));
}
