import { fireEvent, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { mockApi } from './mock-api';

/** The server's refusal of an unconfirmed mail address (issue 19 §2), in Japanese, as every guarded call answers. */
export const MAIL_UNVERIFIED_JA =
  'メールアドレスの確認が済むまで、ご購入やポイント・特典の受け取りはできません。確認メールのリンクを開いてください。';

/** A refusal reply of that kind, its message under `field`. */
export const mailUnverifiedReply = (field = 'general') => ({
  state: 403,
  reason: 'mail_unverified',
  errors: { [field]: [MAIL_UNVERIFIED_JA] },
});

/** The dialog shows the message, and its button mails the link again (once) and says so. */
export async function expectResendOffered(dialog: HTMLElement, api: ReturnType<typeof mockApi>) {
  expect(within(dialog).getByRole('alert').textContent).toBe(MAIL_UNVERIFIED_JA);
  fireEvent.click(within(dialog).getByRole('button', { name: '確認メールを再送する' }));
  expect((await within(dialog).findByRole('status')).textContent).toBe(
    '確認メールを送信しました。メール内のリンクを開いてください。',
  );
  expect(api.posts('/user/mail/verify/send')).toHaveLength(1);
}
