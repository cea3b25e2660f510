import type { Lang } from '@oripa/core';
import type { Config } from '../config.ts';

/** The reissue mail in the member's language: the link, how long it lives, and what to do if it was not you. */
export function passwordResetMail(
  lang: Lang,
  link: string,
  minutes: number,
  config: Config,
): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: '[KIRAKIRA ORIPA] Reset your password',
      text: [
        'We received a request to reset the password of your KIRAKIRA ORIPA account.',
        '',
        `Open the link below within ${minutes} minutes to set a new password. The link works only once.`,
        link,
        '',
        'If you did not ask for this, you can ignore this mail: your password stays as it is.',
        '',
        `${config.operator.nameEn}`,
        `${config.operator.email}`,
      ].join('\n'),
    };
  }
  return {
    subject: '【キラキラオリパ】パスワード再設定のご案内',
    text: [
      'キラキラオリパをご利用いただきありがとうございます。',
      'パスワード再設定のお申し込みを受け付けました。',
      '',
      `下記のリンクから${minutes}分以内に新しいパスワードを設定してください。リンクは一度だけ有効です。`,
      link,
      '',
      'このメールにお心当たりがない場合は、破棄してください。パスワードは変更されません。',
      '',
      `${config.operator.name}`,
      `${config.operator.email}`,
    ].join('\n'),
  };
}
